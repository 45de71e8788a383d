import { useState } from 'react';
import { PRODUCT_THUMBNAILS, type ImageRef } from '@shared/catalog';
import { cn } from '@/lib/utils';
import { ProductImage } from '../components/ProductImage';

/** The main picture first, then the extra pictures (the same file listed twice is shown once). */
function galleryImages(main: ImageRef | null, extras: ImageRef[]): ImageRef[] {
  const seen = new Set<string>();
  return [main, ...extras].filter((image): image is ImageRef => {
    if (!image || seen.has(image.image_url)) return false;
    seen.add(image.image_url);
    return true;
  });
}

/**
 * A large picture and, when there are more, thumbnails that switch it: the main picture and the
 * first four extra ones (storefront spec §9), so the shopper can always switch back.
 */
export function ProductGallery({ name, image, extras }: { name: string; image: ImageRef | null; extras: ImageRef[] }) {
  const images = galleryImages(image, extras).slice(0, 1 + PRODUCT_THUMBNAILS);
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-2xl bg-zinc-50">
        <ProductImage image={current} fallbackAlt={name} eager className="aspect-square w-full" />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Product pictures" className="grid grid-cols-5 gap-3">
          {images.map((thumb, index) => (
            <li key={thumb.image_url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={cn(
                  'block w-full overflow-hidden rounded-lg border-2 bg-zinc-50 transition-colors',
                  index === selected ? 'border-zinc-900' : 'border-transparent hover:border-zinc-300',
                )}
              >
                <ProductImage image={{ image_url: thumb.image_url, alt_text: '' }} fallbackAlt="" className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
