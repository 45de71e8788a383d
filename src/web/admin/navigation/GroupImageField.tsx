import { ImageIcon, Trash2 } from 'lucide-react';
import { NAV_LIMITS, imageProblem, type MenuImage } from '@shared/navigation';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MediaPickerButton } from '../media/MediaPickerButton';
import type { FieldErrors } from './editor-state';

/**
 * The group's picture in the mega menu (decision 046): a file from the media library (chosen, or
 * uploaded from the same dialog) or an https:// link, with its alt text.
 */
export function GroupImageField({ image, onChange, errors }: { image: MenuImage | null; onChange: (image: MenuImage | null) => void; errors: FieldErrors }) {
  const url = image?.url ?? '';
  const alt = image?.alt ?? '';
  const showable = url.trim() !== '' && imageProblem(url) === null;
  return (
    <section aria-labelledby="group-picture-heading" className="grid gap-4 rounded-lg border border-zinc-200 p-4">
      <div>
        <h3 id="group-picture-heading" className="text-sm font-medium">Column picture</h3>
        <p className="mt-1 text-xs text-zinc-500">Optional: shown beside the group’s links in the desktop mega menu, and above them on phones.</p>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="aspect-[3/2] w-full shrink-0 self-start overflow-hidden rounded-md border border-zinc-200 bg-zinc-50 sm:w-44">
          {showable ? (
            <img src={url.trim()} alt="" className="size-full object-cover" />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-1 text-xs text-zinc-400">
              <ImageIcon className="size-6" aria-hidden />
              No picture
            </div>
          )}
        </div>
        <div className="grid min-w-0 flex-1 content-start gap-3">
          <div className="flex flex-wrap gap-2">
            <MediaPickerButton kind="images" label={showable ? 'Replace from library' : 'Choose from library'} onPick={(file) => onChange({ url: file.url, alt: alt || file.alt_text || '' })} />
            {image ? (
              <Button variant="ghost" size="sm" className="text-zinc-500 hover:text-red-600" onClick={() => onChange(null)}>
                <Trash2 aria-hidden /> Remove picture
              </Button>
            ) : null}
          </div>
          <FormField label="Picture address" error={errors['image.url']} hint="A library picture, or an https:// link to one.">
            <Input value={url} placeholder="https://…" maxLength={NAV_LIMITS.imageUrl} onChange={(e) => onChange({ url: e.target.value, alt })} />
          </FormField>
          <FormField label="Alt text" error={errors['image.alt']} hint="What the picture shows, for people who cannot see it; empty if it only decorates.">
            <Input value={alt} maxLength={NAV_LIMITS.imageAlt} onChange={(e) => onChange({ url, alt: e.target.value })} />
          </FormField>
        </div>
      </div>
    </section>
  );
}
