import { useId, useState } from 'react';
import { Plus, Search, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useNavSearch } from '@/lib/admin-navigation';
import { CategoryPicker } from '../catalogue/CategoryPicker';
import { formatGBP } from '@shared/money';
import { DISCOUNT_LIMITS } from '@shared/admin-discounts';
import { NAV_MESSAGES, NAV_SEARCH } from '@shared/navigation';

/**
 * The products a code applies to: the chosen ones (each can be removed) and a search that adds more,
 * the same product search as the menu editor's (GET /api/admin/search). `names`: what each chosen id
 * is called (from the saved code, then from each pick); a product deleted since shows as such.
 */
export function ProductTargetsPicker({ value, names, onChange, error }: { value: string[]; names: Record<string, string>; onChange: (ids: string[], picked?: { id: string; name: string }) => void; error?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useNavSearch('product', text);
  const q = text.trim();
  const tooShort = q.length > 0 && q.length < NAV_SEARCH.minLength;
  const full = value.length >= DISCOUNT_LIMITS.targetsMax;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Products</Label>
      {value.length > 0 ? (
        <ul aria-label="Chosen products" className="flex flex-wrap gap-1.5">
          {value.map((productId) => (
            <li key={productId} className="flex max-w-full items-center gap-1 rounded-full border border-zinc-300 bg-zinc-50 py-0.5 pr-1 pl-3 text-sm">
              <span className="min-w-0 break-words">{names[productId] ?? '(deleted product)'}</span>
              <button
                type="button"
                className="rounded-full p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
                aria-label={`Remove ${names[productId] ?? 'deleted product'}`}
                onClick={() => onChange(value.filter((v) => v !== productId))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <Input
          id={id}
          className="pl-9"
          autoComplete="off"
          placeholder={`Search products (${NAV_SEARCH.minLength}+ characters)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-msg`}
          value={text}
          maxLength={200}
          disabled={full}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {error ? (
        <p id={`${id}-msg`} className="text-xs text-red-600">{error}</p>
      ) : (
        <p id={`${id}-msg`} className="text-xs text-zinc-500">{tooShort ? NAV_MESSAGES.searchTooShort : full ? `A code can apply to up to ${DISCOUNT_LIMITS.targetsMax} products.` : 'The code takes its discount off these products.'}</p>
      )}
      {q.length >= NAV_SEARCH.minLength ? (
        <div className="rounded-md border border-zinc-200 bg-white shadow-sm">
          {search.isFetching || !search.settled ? (
            <div className="flex items-center gap-2 px-3 py-2 text-sm text-zinc-500"><Spinner className="size-4" label="Searching" /> Searching…</div>
          ) : search.isError ? (
            <p className="px-3 py-2 text-sm text-red-600">The search failed. Try again.</p>
          ) : (search.data ?? []).length === 0 ? (
            <p className="px-3 py-2 text-sm text-zinc-500">No products match “{q}”.</p>
          ) : (
            <ul aria-label="Matching products" className="max-h-60 overflow-y-auto py-1">
              {search.data!.map((item) => {
                const chosen = value.includes(item.id);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      disabled={chosen}
                      className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none disabled:opacity-60"
                      onClick={() => {
                        onChange([...value, item.id], { id: item.id, name: item.name });
                        setText('');
                      }}
                    >
                      <span className="grid min-w-0 flex-1 gap-0.5">
                        <span className="break-words text-zinc-900">{item.name}</span>
                        <span className="flex flex-wrap gap-x-2 text-xs text-zinc-500">
                          {item.sku ? <span className="font-mono">{item.sku}</span> : null}
                          {item.price !== undefined ? <span className="tabular-nums">{formatGBP(item.price)}</span> : null}
                          {item.status && item.status !== 'active' ? <span>{item.status === 'draft' ? 'Draft' : 'Archived'}</span> : null}
                        </span>
                      </span>
                      <span className="flex shrink-0 items-center gap-1 text-xs font-medium text-indigo-700">{chosen ? 'Added' : <><Plus className="size-3.5" aria-hidden /> Add</>}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The categories a code applies to: every product in a ticked category (or one below it) counts. */
export function CategoryTargetsPicker({ value, onChange, error }: { value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  return <CategoryPicker value={value} onChange={onChange} error={error} markMain={false} hint="Products in a ticked category, or in one below it, get the discount." />;
}
