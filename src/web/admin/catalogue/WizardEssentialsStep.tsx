import { AlertCircle, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { CategoryOption } from '@/lib/ai';
import { AI_AUDIENCE_LABELS, AI_AUDIENCES, AI_TONE_LABELS, AI_TONES, type AiAudience, type AiTone } from '@shared/ai';
import { WIZARD_TEXT, type Essentials } from './product-wizard-state';

interface Props {
  value: Essentials;
  onChange: (next: Essentials) => void;
  categories: CategoryOption[];
  categoriesLoading: boolean;
  problem: string | null;
  onCancel: () => void;
  onGenerate: () => void;
}

/** Step 1, Product Essentials (admin spec §2): what the writer works from. */
export function WizardEssentialsStep({ value, onChange, categories, categoriesLoading, problem, onCancel, onGenerate }: Props) {
  const set = <K extends keyof Essentials>(key: K) => (v: Essentials[K]) => onChange({ ...value, [key]: v });
  const noCategories = !categoriesLoading && categories.length === 0;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onGenerate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label="Product name">
            <Input value={value.name} onChange={(e) => set('name')(e.target.value)} maxLength={200} placeholder="e.g. Oak Chopping Board" />
          </FormField>
        </div>
        <FormField label="SKU">
          <Input value={value.sku} onChange={(e) => set('sku')(e.target.value)} maxLength={64} placeholder="e.g. OAK-CB-40" />
        </FormField>
        <FormField label="Price (£)">
          <Input value={value.price} onChange={(e) => set('price')(e.target.value)} inputMode="decimal" placeholder="0.00" />
        </FormField>
        <FormField label="Category">
          <Select value={value.categoryId} onChange={(e) => set('categoryId')(e.target.value)} disabled={noCategories || categoriesLoading}>
            {categoriesLoading ? (
              <option value="">Loading categories…</option>
            ) : noCategories ? (
              <option value="">{WIZARD_TEXT.noCategories}</option>
            ) : (
              <>
                <option value="">No category</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </>
            )}
          </Select>
        </FormField>
        <FormField label="Brand">
          <Input value={value.brand} onChange={(e) => set('brand')(e.target.value)} maxLength={120} placeholder="Optional" />
        </FormField>
        <FormField label="Audience">
          <Select value={value.audience} onChange={(e) => set('audience')(e.target.value as AiAudience)}>
            {AI_AUDIENCES.map((a) => <option key={a} value={a}>{AI_AUDIENCE_LABELS[a]}</option>)}
          </Select>
        </FormField>
        <FormField label="Tone">
          <Select value={value.tone} onChange={(e) => set('tone')(e.target.value as AiTone)}>
            {AI_TONES.map((t) => <option key={t} value={t}>{AI_TONE_LABELS[t]}</option>)}
          </Select>
        </FormField>
      </div>
      <FormField label="Seed description" hint="A few sentences on what it is and why people buy it.">
        <Textarea value={value.seed} onChange={(e) => set('seed')(e.target.value)} maxLength={2000} className="min-h-20" placeholder="Solid oak board, oiled by hand in Yorkshire…" />
      </FormField>
      <FormField label="Key specifications" hint="One per line, name and value separated by a colon or equals sign, e.g. Size: 40 x 30 cm">
        <Textarea value={value.specsText} onChange={(e) => set('specsText')(e.target.value)} className="min-h-20 font-mono text-xs" placeholder={'Material: Oak\nSize = 40 x 30 cm'} />
      </FormField>
      {problem ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <span>{problem}</span>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>Cancel</Button>
        <Button type="submit">
          <Sparkles aria-hidden /> Generate copy
        </Button>
      </div>
    </form>
  );
}
