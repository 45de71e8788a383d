import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface Props<T extends { id: string }> {
  label: string;
  description?: string;
  /** Singular, for the buttons: 'add-on' -> 'Add add-on', 'Remove add-on 2'. */
  item: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  newRow: () => T;
  max: number;
  /** The row's own fields; `set` patches this row. */
  renderRow: (row: T, set: (patch: Partial<T>) => void, index: number) => ReactNode;
  /** Errors by path; this list's own (e.g. 'At most 30 add-ons') is at `path`. */
  errors: Record<string, string>;
  path: string;
  /** Called with the removed row, so a caller can drop its id from a selection. */
  onRemove?: (row: T) => void;
}

/** A list of small records (features, add-ons, comparison rows, apps), each in a bordered card. */
export function RowListEditor<T extends { id: string }>({ label, description, item, rows, onChange, newRow, max, renderRow, errors, path, onRemove }: Props<T>) {
  const set = (index: number) => (patch: Partial<T>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-zinc-900">{label}</legend>
      {description ? <p className="-mt-1 text-xs text-zinc-500">{description}</p> : null}
      {rows.length === 0 ? <p className="text-xs text-zinc-500">None yet.</p> : null}
      {rows.map((row, index) => (
        <div key={row.id} className="relative grid gap-3 rounded-md border border-zinc-200 bg-zinc-50/60 p-3 pr-12">
          {renderRow(row, set(index), index)}
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-2 right-2"
            aria-label={`Remove ${item} ${index + 1}`}
            onClick={() => {
              onChange(rows.filter((_, i) => i !== index));
              onRemove?.(row);
            }}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      {errors[path] ? <p className="text-xs text-red-600">{errors[path]}</p> : null}
      <div>
        <Button variant="outline" size="sm" disabled={rows.length >= max} onClick={() => onChange([...rows, newRow()])}>
          <Plus aria-hidden /> Add {item}
        </Button>
      </div>
    </fieldset>
  );
}

/** Errors of one row's field: `${path}.${index}.${field}`. */
export const rowError = (errors: Record<string, string>, path: string, index: number, field: string) => errors[`${path}.${index}.${field}`];
