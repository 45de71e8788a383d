import { useEffect } from 'react';
import { ImageIcon } from 'lucide-react';
import type { ProductImage } from '@shared/media';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';

/** The product's pictures for the variant pickers: the saved product's list, loading, or none yet (new product). */
export type VariantPictures = { state: 'new' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; images: ProductImage[] };

interface Props {
  /** 1-based, for the labels ("Variant 2 picture"). */
  n: number;
  pictures: VariantPictures;
  value: string;
  onChange: (imageId: string) => void;
  error?: string;
}

/** 'Picture 1 (thumbnail)', 'Picture 2: Navy mug': how a picture reads in the list. */
function pictureLabel(image: ProductImage, index: number): string {
  const name = `Picture ${index + 1}${index === 0 ? ' (thumbnail)' : ''}`;
  return image.alt_text ? `${name}: ${image.alt_text}` : name;
}

/**
 * Which of the product's pictures the storefront shows when this variant is chosen: a thumbnail of
 * the choice beside a list of the product's pictures. A picture deleted on the Images card drops out
 * of the choice here as it does in the database (the link is cleared).
 */
export function VariantPicture({ n, pictures, value, onChange, error }: Props) {
  const images = pictures.state === 'ready' ? pictures.images : null;
  const chosen = images?.find((image) => image.id === value) ?? null;
  const stale = images !== null && value !== '' && chosen === null;
  useEffect(() => {
    if (stale) onChange('');
  }, [stale, onChange]);

  return (
    <div className="flex items-start gap-3">
      {/* Level with the list, beside the label's line. */}
      <div className="mt-5 flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border border-zinc-200 bg-white">
        {pictures.state === 'loading' ? (
          <Skeleton className="size-full rounded-none" />
        ) : chosen ? (
          <img src={chosen.image_url} alt="" className="size-full object-cover" data-testid={`variant-${n}-picture`} />
        ) : (
          <ImageIcon className="size-5 text-zinc-400" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <FormField
          label="Picture"
          error={error}
          hint={
            pictures.state === 'new' ? 'Save the product first, then choose which of its pictures shows this variant.'
            : pictures.state === 'failed' ? 'The pictures could not be loaded.'
            : images?.length === 0 ? 'Add pictures on the Images card to show one for this variant.'
            : 'Shown on the product page when a shopper chooses this variant.'
          }
        >
          <Select aria-label={`Variant ${n} picture`} value={chosen ? value : ''} disabled={!images?.length} onChange={(e) => onChange(e.target.value)}>
            <option value="">No picture</option>
            {images?.map((image, index) => (
              <option key={image.id} value={image.id}>
                {pictureLabel(image, index)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </div>
  );
}
