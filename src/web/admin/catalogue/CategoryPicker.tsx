import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategoryOptions, type CategoryOption } from '@/lib/admin-products';

/** Parents first, each followed by its children (the tree is two levels deep). */
function ordered(options: CategoryOption[]): { option: CategoryOption; child: boolean }[] {
  const ids = new Set(options.map((o) => o.id));
  const roots = options.filter((o) => !o.parent_id || !ids.has(o.parent_id));
  return roots.flatMap((root) => [{ option: root, child: false }, ...options.filter((o) => o.parent_id === root.id).map((option) => ({ option, child: true }))]);
}

interface CategoryPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  /** The line under the list. Default: the product form's (the first one ticked is its main category). */
  hint?: string;
  /** Mark the first ticked category "(main)" (the product form). */
  markMain?: boolean;
}

const PRODUCT_HINT = "The first one you tick is the product's main category.";

/**
 * A Categories multi-select: the product form's (the first one ticked is the product's main category),
 * and a discount code's. A ticked category that has since been deleted stays listed, so it can be
 * unticked rather than dropped silently.
 */
export function CategoryPicker({ value, onChange, error, hint = PRODUCT_HINT, markMain = true }: CategoryPickerProps) {
  const categories = useCategoryOptions();
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  const known = new Set((categories.data ?? []).map((c) => c.id));
  const gone = categories.data ? value.filter((v) => !known.has(v)) : [];
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">Categories</legend>
      {categories.isPending ? (
        <Skeleton className="h-24" aria-label="Loading categories" />
      ) : categories.isError ? (
        <div className="flex items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          Failed to load categories
          <Button type="button" size="sm" variant="outline" onClick={() => void categories.refetch()}>Try again</Button>
        </div>
      ) : categories.data.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-3 py-3 text-sm text-zinc-500">
          No categories yet. <Link to="/admin/catalogue/categories" className="text-accent underline-offset-2 hover:underline">Create one</Link> to group your products.
        </p>
      ) : (
        <div className="max-h-48 overflow-y-auto rounded-md border border-zinc-300 bg-white p-1" aria-invalid={error ? true : undefined}>
          {ordered(categories.data).map(({ option, child }) => (
            <label key={option.id} className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-zinc-50 ${child ? 'pl-7' : ''}`}>
              <input type="checkbox" className="size-4 accent-indigo-600" checked={value.includes(option.id)} onChange={(e) => toggle(option.id, e.target.checked)} />
              {option.name}
              {markMain && value[0] === option.id && value.length > 1 ? <span className="text-xs text-zinc-500">(main)</span> : null}
            </label>
          ))}
          {gone.map((id) => (
            <label key={id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-zinc-500 hover:bg-zinc-50">
              <input type="checkbox" className="size-4 accent-indigo-600" checked onChange={() => toggle(id, false)} />
              (deleted category)
            </label>
          ))}
        </div>
      )}
      {error ? <p className="text-xs text-red-600">{error}</p> : <p className="text-xs text-zinc-500">{hint}</p>}
    </fieldset>
  );
}
