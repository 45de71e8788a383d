import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface Props {
  label: string;
  /** Singular, for the buttons: 'bullet' -> 'Add bullet', 'Remove bullet 2'. */
  item: string;
  items: string[];
  onChange: (items: string[]) => void;
  max: number;
  /** Errors by path; this list's are `${path}` and `${path}.{index}`. */
  errors: Record<string, string>;
  path: string;
  placeholder?: string;
}

/** A list of one-line texts (hero bullets, care plan inclusions, logo URLs): edit, add, remove. */
export function TextListEditor({ label, item, items, onChange, max, errors, path, placeholder }: Props) {
  const id = useId();
  const set = (index: number, value: string) => onChange(items.map((v, i) => (i === index ? value : v)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-zinc-900">{label}</legend>
      {items.length === 0 ? <p className="text-xs text-zinc-500">None yet.</p> : null}
      {items.map((value, index) => (
        <div key={index} className="grid gap-1">
          <div className="flex gap-2">
            <Label htmlFor={`${id}-${index}`} className="sr-only">{`${label} ${index + 1}`}</Label>
            <Input id={`${id}-${index}`} value={value} placeholder={placeholder} aria-invalid={errors[`${path}.${index}`] ? true : undefined} onChange={(e) => set(index, e.target.value)} />
            <Button variant="ghost" size="icon" aria-label={`Remove ${item} ${index + 1}`} onClick={() => onChange(items.filter((_, i) => i !== index))}>
              <Trash2 aria-hidden />
            </Button>
          </div>
          {errors[`${path}.${index}`] ? <p className="text-xs text-red-600">{errors[`${path}.${index}`]}</p> : null}
        </div>
      ))}
      {errors[path] ? <p className="text-xs text-red-600">{errors[path]}</p> : null}
      <div>
        <Button variant="outline" size="sm" disabled={items.length >= max} onClick={() => onChange([...items, ''])}>
          <Plus aria-hidden /> Add {item}
        </Button>
      </div>
    </fieldset>
  );
}
