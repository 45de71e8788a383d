import { useState } from 'react';
import { PRODUCT_THUMBNAILS, type ImageRef } from '@shared/catalog';
import { cn } from '@/lib/utils';
import { ProductImage } from '../components/ProductImage';

// The page's column: half of max-w-6xl beside the summary on large screens, the full width below.
const GALLERY_SIZES = '(min-width: 1024px) 540px, 100vw';
const THUMB_SIZES = '(min-width: 1024px) 100px, 20vw';

/** The main picture first, then the extra pictures (the same file listed twice is shown once). */
function galleryImages(main: ImageRef | null, extras: ImageRef[]): ImageRef[] {
  const seen = new Set<string>();
  return [main, ...extras].filter((image): image is ImageRef => {
    if (!image || seen.has(image.image_url)) return false;
    seen.add(image.image_url);
    return true;
  });
}

interface GalleryProps {
  name: string;
  image: ImageRef | null;
  extras: ImageRef[];
  /** The chosen variant's own picture: shown whenever the choice changes to it. */
  focus: ImageRef | null;
}

/**
 * A large picture and, when there are more, thumbnails that switch it: the main picture and the
 * first four extra ones (storefront spec §9), so the shopper can always switch back. Choosing a
 * variant with its own picture brings that picture up (even when it is not among the thumbnails).
 */
export function ProductGallery({ name, image, extras, focus }: GalleryProps) {
  const images = galleryImages(image, extras).slice(0, 1 + PRODUCT_THUMBNAILS);
  const [selectedUrl, setSelectedUrl] = useState<string | null>(focus?.image_url ?? null);
  // A new variant picture replaces whatever was on show; set while rendering, so there is no frame
  // of the old picture (React's "adjusting state when a prop changes").
  const [shownFocus, setShownFocus] = useState(focus?.image_url ?? null);
  if ((focus?.image_url ?? null) !== shownFocus) {
    setShownFocus(focus?.image_url ?? null);
    if (focus) setSelectedUrl(focus.image_url);
  }
  const current = (focus && selectedUrl === focus.image_url ? focus : images.find((i) => i.image_url === selectedUrl)) ?? images[0] ?? null;
  const selected = current ? images.findIndex((i) => i.image_url === current.image_url) : -1;
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-2xl bg-zinc-50">
        <ProductImage image={current} fallbackAlt={name} priority="high" sizes={GALLERY_SIZES} className="aspect-square w-full" />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Product pictures" className="grid grid-cols-5 gap-3">
          {images.map((thumb, index) => (
            <li key={thumb.image_url}>
              <button
                type="button"
                onClick={() => setSelectedUrl(thumb.image_url)}
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={cn(
                  'block w-full overflow-hidden rounded-lg border-2 bg-zinc-50 transition-colors',
                  index === selected ? 'border-zinc-900' : 'border-transparent hover:border-zinc-300',
                )}
              >
                <ProductImage image={{ ...thumb, alt_text: '' }} fallbackAlt="" sizes={THUMB_SIZES} className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
