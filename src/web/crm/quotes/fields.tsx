import { useState, type ReactNode } from 'react';
import type { QuoteContentInput } from '@shared/crm/quotes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

// Small bound inputs shared by the builder's tabs: each edits one content field and shows its error.

export interface TabProps {
  content: QuoteContentInput;
  update: (patch: Partial<QuoteContentInput>) => void;
  /** Field errors by path ('header_title', 'hero_bullets.1'), from the schema or the server. */
  errors: Record<string, string>;
}

type TextKey = { [K in keyof QuoteContentInput]: QuoteContentInput[K] extends string ? K : never }[keyof QuoteContentInput];
type NumberKey = { [K in keyof QuoteContentInput]: QuoteContentInput[K] extends number ? K : never }[keyof QuoteContentInput];

export function TextField({ name, label, hint, multiline, ...tab }: TabProps & { name: TextKey; label: string; hint?: string; multiline?: boolean }) {
  const value = tab.content[name] as string;
  const onChange = (next: string) => tab.update({ [name]: next } as Partial<QuoteContentInput>);
  return (
    <FormField label={label} hint={hint} error={tab.errors[name]}>
      {multiline ? <Textarea rows={3} className="min-h-20" value={value} onChange={(e) => onChange(e.target.value)} /> : <Input value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/**
 * A number typed as text: the field keeps what the person types ('', '12.') while the quote holds the
 * number (blank counts as 0), so clearing a price to retype it does not snap back to 0.
 */
export function NumberInput({ value, onChange, ...props }: { value: number; onChange: (n: number) => void; id?: string; 'aria-label'?: string; 'aria-invalid'?: boolean; className?: string; step?: string; max?: number }) {
  const [text, setText] = useState(String(value));
  if (Number(text || 0) !== value && !Number.isNaN(Number(text))) setText(String(value));
  return (
    <Input
      {...props}
      type="number"
      inputMode="decimal"
      min={0}
      step={props.step ?? '0.01'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value || 0);
        if (Number.isFinite(n)) onChange(n);
      }}
    />
  );
}

/** A number field; the unit goes in the label ('Custom build price (£)'). */
export function NumberField({ name, label, hint, ...tab }: TabProps & { name: NumberKey; label: string; hint?: string }) {
  return (
    <FormField label={label} hint={hint} error={tab.errors[name]}>
      <NumberInput value={tab.content[name] as number} onChange={(n) => tab.update({ [name]: n } as Partial<QuoteContentInput>)} />
    </FormField>
  );
}

/** A titled group of fields in a tab. */
export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-4 rounded-lg border border-zinc-200 bg-white p-4">
      <div>
        <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
        {description ? <p className="mt-0.5 text-xs text-zinc-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** One text field inside a list row (a feature's name, a comparison cell). */
export function RowText({ label, value, onChange, error, multiline }: { label: string; value: string; onChange: (v: string) => void; error?: string; multiline?: boolean }) {
  return (
    <FormField label={label} error={error}>
      {multiline ? <Textarea rows={2} className="min-h-20" value={value} onChange={(e) => onChange(e.target.value)} /> : <Input value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** A labelled checkbox (native: keyboard and screen-reader friendly everywhere). */
export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-zinc-700">
      <input type="checkbox" className="size-4 rounded border-zinc-300 accent-indigo-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
