import { useId } from 'react';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, type ProductSort } from '@shared/catalog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

/** The value for "no sort chosen" while searching: the server then puts the best matches first. */
export const BEST_MATCH = '';

interface SortSelectProps {
  value: ProductSort | typeof BEST_MATCH;
  onChange: (sort: ProductSort | typeof BEST_MATCH) => void;
  /** Offer 'Best match' (only meaningful with a search). */
  bestMatch?: boolean;
}

export function SortSelect({ value, onChange, bestMatch = false }: SortSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0 font-normal text-zinc-600">
        Sort by
      </Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as ProductSort | typeof BEST_MATCH)} className="w-40">
        {bestMatch ? <option value={BEST_MATCH}>Best match</option> : null}
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {PRODUCT_SORT_LABELS[sort]}
          </option>
        ))}
      </Select>
    </div>
  );
}
