import { useState } from 'react';
import { preload } from 'react-dom';
// Package, not ImageOff: the header already ships it, so the placeholder costs the product page no icon.
import { Package } from 'lucide-react';
import type { ImageRef } from '@shared/catalog';
import type { PictureSize } from '@shared/cart';
import { variantSrcset } from '@shared/pictures';
import { cn } from '@/lib/utils';

/** A line's picture (cart, checkout) for ProductImage: its copies when the server sent their size. */
export const lineImage = (url: string | null, size?: PictureSize | null): ImageRef | null => (url ? { image_url: url, alt_text: null, ...size } : null);

/** How soon a picture loads: the page's main (LCP) picture first of all, then what is above the fold. */
export type ImagePriority = 'high' | 'eager' | 'lazy';

interface ProductImageProps {
  image: ImageRef | null;
  /** Read when the image has no alt text of its own (the product name, usually). */
  fallbackAlt: string;
  className?: string;
  /** The width the picture is drawn at, for the browser to pick a copy (the `sizes` attribute). */
  sizes?: string;
  /** Lazy unless said otherwise: only pictures in the first view load at once. */
  priority?: ImagePriority;
}

/**
 * A product picture on a soft backdrop; a quiet placeholder when there is none or it fails to load.
 * With resized copies (decision 052) it is a <picture> offering AVIF, then WebP, at every width made,
 * and the original for a browser that shows neither; with its size known, width and height reserve
 * its space before it loads (no layout shift).
 */
export function ProductImage({ image, fallbackAlt, className, sizes = '100vw', priority = 'lazy' }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = image?.image_url;
  if (!url || failedUrl === url) {
    return (
      <div className={cn('flex items-center justify-center bg-zinc-100 text-zinc-400', className)} role="img" aria-label={`${fallbackAlt} (no image)`}>
        <Package className="size-8" aria-hidden />
      </div>
    );
  }
  const img = (
    <img
      src={url}
      alt={image.alt_text || fallbackAlt}
      width={image.width}
      height={image.height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedUrl(url)}
      className={cn('bg-zinc-50 object-cover', className)}
    />
  );
  const widths = image.widths;
  if (!widths?.length) return img;
  // The page's main picture is asked for first, as the AVIF copy the browser will pick: React puts the
  // preload in the server-rendered page's head (an <img> inside <picture> gets none of its own).
  if (priority === 'high') preload(url, { as: 'image', imageSrcSet: variantSrcset(url, widths, 'avif'), imageSizes: sizes, type: 'image/avif', fetchPriority: 'high' });
  return (
    <picture>
      <source type="image/avif" srcSet={variantSrcset(url, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcset(url, widths, 'webp')} sizes={sizes} />
      {img}
    </picture>
  );
}
