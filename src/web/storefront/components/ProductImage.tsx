import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { ImageRef } from '@shared/catalog';
import { cn } from '@/lib/utils';

interface ProductImageProps {
  image: ImageRef | null;
  /** Read when the image has no alt text of its own (the product name, usually). */
  fallbackAlt: string;
  className?: string;
  /** Above-the-fold pictures load eagerly; grids further down wait until scrolled near. */
  eager?: boolean;
}

/** A product picture on a soft backdrop; a quiet placeholder when there is none or it fails to load. */
export function ProductImage({ image, fallbackAlt, className, eager }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = image?.image_url;
  if (!url || failedUrl === url) {
    return (
      <div className={cn('flex items-center justify-center bg-zinc-100 text-zinc-400', className)} role="img" aria-label={`${fallbackAlt} (no image)`}>
        <ImageOff className="size-8" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={image.alt_text || fallbackAlt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedUrl(url)}
      className={cn('bg-zinc-50 object-cover', className)}
    />
  );
}
