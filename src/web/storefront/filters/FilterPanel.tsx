import { useState, type FormEvent, type ReactNode } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatGBP } from '@shared/money';
import { hasFilters, NO_FILTERS, type ProductFacets, type ProductFilters } from '@shared/product-filters';

interface FilterProps {
  filters: ProductFilters;
  facets: ProductFacets | undefined;
  onChange: (next: ProductFilters) => void;
}

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/**
 * Filters of a category or search page (issue 27 item 8): price range, in stock, brand and each variant
 * option, each value with how many products choosing it would leave. A wide screen shows the panel
 * beside the grid; a phone opens it with the Filters button.
 */
export function FilterPanel({ filters, facets, onChange }: FilterProps) {
  const [open, setOpen] = useState(false);
  const active = countActive(filters);
  return (
    <aside aria-label="Filters" className="lg:w-56 lg:shrink-0">
      <Button variant="outline" className="w-full lg:hidden" aria-expanded={open} onClick={() => setOpen(!open)}>
        <SlidersHorizontal aria-hidden /> {active ? `Filters (${active})` : 'Filters'}
      </Button>
      <div className={open ? 'mt-4 grid gap-6' : 'hidden gap-6 lg:grid'}>
        {!facets ? <p className="text-sm text-zinc-500">Loading filters…</p> : <Sections filters={filters} facets={facets} onChange={onChange} />}
        {hasFilters(filters) ? (
          <Button variant="ghost" className="justify-start px-0 text-accent" onClick={() => onChange(NO_FILTERS)}>
            Clear all filters
          </Button>
        ) : null}
      </div>
    </aside>
  );
}

function countActive(f: ProductFilters): number {
  return (f.min_price !== null || f.max_price !== null ? 1 : 0) + (f.in_stock ? 1 : 0) + f.brands.length + f.options.reduce((n, o) => n + o.values.length, 0);
}

function Sections({ filters, facets, onChange }: FilterProps & { facets: ProductFacets }) {
  const optionValues = (name: string) => filters.options.find((o) => o.name === name)?.values ?? [];
  const setOption = (name: string, values: string[]) => {
    const others = filters.options.filter((o) => o.name !== name);
    onChange({ ...filters, options: values.length ? [...others, { name, values }] : others });
  };
  return (
    <>
      <PriceFilter key={`${filters.min_price}-${filters.max_price}`} filters={filters} facets={facets} onChange={onChange} />
      <Group title="Availability">
        <Check label="In stock only" count={facets.in_stock} checked={filters.in_stock} onChange={() => onChange({ ...filters, in_stock: !filters.in_stock })} />
      </Group>
      {facets.brands.length > 0 ? (
        <Group title="Brand">
          {facets.brands.map((b) => (
            <Check key={b.value} label={b.value} count={b.count} checked={filters.brands.includes(b.value)} onChange={() => onChange({ ...filters, brands: toggle(filters.brands, b.value) })} />
          ))}
        </Group>
      ) : null}
      {facets.options.map((o) => (
        <Group key={o.name} title={o.name}>
          {o.values.map((v) => (
            <Check key={v.value} label={v.value} count={v.count} checked={optionValues(o.name).includes(v.value)} onChange={() => setOption(o.name, toggle(optionValues(o.name), v.value))} />
          ))}
        </Group>
      ))}
    </>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold text-zinc-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function Check({ label, count, checked, onChange }: { label: string; count: number; checked: boolean; onChange: () => void }) {
  // A value that would leave nothing stays visible while chosen, so it can be unticked.
  const empty = count === 0 && !checked;
  return (
    <label className={empty ? 'flex items-center gap-2 text-sm text-zinc-400' : 'flex cursor-pointer items-center gap-2 text-sm text-zinc-700'}>
      <input type="checkbox" className="size-4 accent-current" checked={checked} disabled={empty} onChange={onChange} />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      <span className="text-xs text-zinc-500 tabular-nums">{count}</span>
    </label>
  );
}

/** Min and max in pounds, applied together (typing does not reload the grid on every key). */
function PriceFilter({ filters, facets, onChange }: FilterProps & { facets: ProductFacets }) {
  const [min, setMin] = useState(filters.min_price === null ? '' : String(filters.min_price));
  const [max, setMax] = useState(filters.max_price === null ? '' : String(filters.max_price));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const read = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) || Number(text) < 0 ? null : Math.round(Number(text) * 100) / 100);
    onChange({ ...filters, min_price: read(min), max_price: read(max) });
  };
  return (
    <form className="grid gap-2" onSubmit={apply} aria-label="Price">
      <p className="text-sm font-semibold text-zinc-900">Price</p>
      <div className="flex items-center gap-2">
        <Input aria-label="Minimum price (£)" inputMode="decimal" placeholder={facets.price ? `£${Math.floor(facets.price.min)}` : 'Min'} value={min} onChange={(e) => setMin(e.target.value)} />
        <span className="text-zinc-400">–</span>
        <Input aria-label="Maximum price (£)" inputMode="decimal" placeholder={facets.price ? `£${Math.ceil(facets.price.max)}` : 'Max'} value={max} onChange={(e) => setMax(e.target.value)} />
      </div>
      {facets.price ? <p className="text-xs text-zinc-500">From {formatGBP(facets.price.min)} to {formatGBP(facets.price.max)}</p> : null}
      <Button type="submit" variant="outline" size="sm">Apply price</Button>
    </form>
  );
}

/** The chosen filters as removable chips above the grid. */
export function ActiveFilters({ filters, onChange }: Omit<FilterProps, 'facets'>) {
  if (!hasFilters(filters)) return null;
  const chips: { label: string; remove: ProductFilters }[] = [];
  if (filters.min_price !== null || filters.max_price !== null) {
    const label = filters.min_price !== null && filters.max_price !== null ? `${formatGBP(filters.min_price)} – ${formatGBP(filters.max_price)}`
      : filters.min_price !== null ? `From ${formatGBP(filters.min_price)}` : `Up to ${formatGBP(filters.max_price!)}`;
    chips.push({ label, remove: { ...filters, min_price: null, max_price: null } });
  }
  if (filters.in_stock) chips.push({ label: 'In stock', remove: { ...filters, in_stock: false } });
  for (const b of filters.brands) chips.push({ label: b, remove: { ...filters, brands: filters.brands.filter((x) => x !== b) } });
  for (const o of filters.options) {
    for (const v of o.values) {
      const values = o.values.filter((x) => x !== v);
      const others = filters.options.filter((x) => x.name !== o.name);
      chips.push({ label: `${o.name}: ${v}`, remove: { ...filters, options: values.length ? [...others, { name: o.name, values }] : others } });
    }
  }
  return (
    <ul aria-label="Chosen filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full border border-zinc-300 px-3 py-1 text-sm text-zinc-700 hover:border-zinc-500"
            onClick={() => onChange(chip.remove)}
            aria-label={`Remove filter ${chip.label}`}
          >
            {chip.label} <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
