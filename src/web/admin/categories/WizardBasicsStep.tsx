import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { slugify } from '@shared/slugify';
import { CategoryVatSelect } from './CategoryVatSelect';
import { FeaturedCheckbox } from './FeaturedCheckbox';
import { HeroImagePreview } from './HeroImagePreview';
import { MediaPickerButton } from '../media/MediaPickerButton';
import type { CategoryVatChoice } from './category-form';
import type { FieldErrors, WizardBasics } from './wizard-state';

interface Props {
  basics: WizardBasics;
  errors: FieldErrors;
  onChange: (basics: WizardBasics) => void;
  onGenerate: () => void;
}

/** Step 1 'Category Basics' (spec §2): the slug follows the name until typed by hand. */
export function WizardBasicsStep({ basics, errors, onChange, onGenerate }: Props) {
  const set = (patch: Partial<WizardBasics>) => onChange({ ...basics, ...patch });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onGenerate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Category Name *" error={errors.name}>
          <Input
            autoComplete="off"
            placeholder="Bedside Lamps"
            value={basics.name}
            onChange={(e) => set({ name: e.target.value, ...(basics.slugTyped ? {} : { slug: slugify(e.target.value) }) })}
          />
        </FormField>
        <FormField label="URL Slug" error={errors.slug} hint="Made from the name unless you type one.">
          <Input autoComplete="off" placeholder="bedside-lamps" value={basics.slug} onChange={(e) => set({ slug: e.target.value, slugTyped: e.target.value !== '' })} />
        </FormField>
        <FormField label="Display Order" error={errors.display_order} hint="Lower numbers come first.">
          <Input type="number" inputMode="numeric" step={1} value={basics.display_order} onChange={(e) => set({ display_order: e.target.value })} />
        </FormField>
        <div className="grid gap-2">
          <FormField label="Hero Image URL" error={errors.hero_image_url} hint="An https:// link or a path on this site, or choose from the library.">
            <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" value={basics.hero_image_url} onChange={(e) => set({ hero_image_url: e.target.value })} />
          </FormField>
          <div className="flex items-center gap-3">
            <HeroImagePreview url={basics.hero_image_url} />
            <MediaPickerButton kind="images" onPick={(file) => set({ hero_image_url: file.url })} />
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <CategoryVatSelect error={errors.vat_rate} value={basics.vat_rate} onChange={(e) => set({ vat_rate: e.target.value as CategoryVatChoice })} />
      </div>
      <FeaturedCheckbox checked={basics.is_featured} onChange={(e) => set({ is_featured: e.target.checked })} />
      <FormField
        label="Category Description (for AI context) *"
        error={errors.seed_description}
        hint="A few words on what the category holds and who it is for. Not shown publicly unless you use it."
      >
        <Textarea rows={4} placeholder="Warm, dimmable lamps for bedside tables, in brass, ceramic and linen." value={basics.seed_description} onChange={(e) => set({ seed_description: e.target.value })} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit"><Sparkles aria-hidden /> Generate AI Content</Button>
      </div>
    </form>
  );
}
