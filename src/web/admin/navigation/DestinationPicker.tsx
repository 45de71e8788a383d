import { useId, useState } from 'react';
import { Check, Search, X } from 'lucide-react';
import { LINK_TYPES, LINK_TYPE_LABELS, NAV_LIMITS, NAV_MESSAGES, NAV_SEARCH, urlProblem, type LinkType, type MenuDestination, type NavSearchItem } from '@shared/navigation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAdminCategories } from '@/lib/admin-categories';
import { useNavSearch } from '@/lib/admin-navigation';
import { formatGBP } from '@shared/money';
import { cn } from '@/lib/utils';
import type { FieldErrors, TargetNames } from './editor-state';

interface DestinationPickerProps {
  /** Names the fields for screen readers ("Destination of Mugs"). */
  label: string;
  value: MenuDestination;
  onChange: (value: MenuDestination, picked?: { id: string; name: string; slug: string }) => void;
  names: TargetNames;
  /** Errors under this destination: type, targetId, url. */
  errors: FieldErrors;
  /** A chosen category brings its sub-categories into the menu (the main menu's items and empty headers). */
  subLevels?: boolean;
}

/** Where a header or item leads: a category (from the list), a product or page (searched), or a URL. */
export function DestinationPicker({ label, value, onChange, names, errors, subLevels = false }: DestinationPickerProps) {
  const id = useId();
  const typeError = errors.type;
  return (
    <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
      <div className="grid content-start gap-1.5">
        <Label htmlFor={`${id}-type`}>Destination type</Label>
        <Select
          id={`${id}-type`}
          aria-label={`${label}: destination type`}
          aria-invalid={typeError ? true : undefined}
          value={value.type ?? ''}
          onChange={(e) => onChange({ type: (e.target.value || null) as LinkType | null, targetId: null, url: e.target.value === 'url' ? (value.url ?? '') : null })}
        >
          <option value="">Choose…</option>
          {LINK_TYPES.map((t) => <option key={t} value={t}>{LINK_TYPE_LABELS[t]}</option>)}
        </Select>
        {typeError ? <p className="text-xs text-red-600">{typeError}</p> : null}
      </div>
      <div className="grid min-w-0 gap-1.5">
        {value.type === 'category' ? (
          <CategoryField id={`${id}-target`} label={label} value={value.targetId} error={errors.targetId} subLevels={subLevels} onPick={(c) => onChange({ ...value, targetId: c?.id ?? null }, c ?? undefined)} />
        ) : value.type === 'product' || value.type === 'page' ? (
          <SearchField key={value.type} id={`${id}-target`} type={value.type} label={label} value={value.targetId} names={names} error={errors.targetId} onPick={(item) => onChange({ ...value, targetId: item?.id ?? null }, item ?? undefined)} />
        ) : value.type === 'url' ? (
          <UrlField id={`${id}-target`} label={label} value={value.url ?? ''} error={errors.url} onChange={(url) => onChange({ ...value, url })} />
        ) : (
          <>
            <span className="text-sm font-medium text-transparent select-none" aria-hidden>.</span>
            <p className="flex h-9 items-center text-sm text-zinc-400">Choose a type first</p>
          </>
        )}
      </div>
    </div>
  );
}

function FieldError({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) return <p id={`${id}-msg`} className="text-xs text-red-600">{error}</p>;
  return hint ? <p id={`${id}-msg`} className="text-xs text-zinc-500">{hint}</p> : null;
}

function CategoryField({ id, label, value, error, subLevels, onPick }: { id: string; label: string; value: string | null; error?: string; subLevels: boolean; onPick: (c: { id: string; name: string; slug: string } | null) => void }) {
  const categories = useAdminCategories();
  const list = categories.data ?? [];
  const byParent = (parent: string | null) => list.filter((c) => c.parent_id === parent);
  const subs = subLevels && value ? byParent(value).length : 0;
  return (
    <>
      <Label htmlFor={id}>Category</Label>
      <Select
        id={id}
        aria-label={`${label}: category`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        disabled={categories.isPending}
        value={value ?? ''}
        onChange={(e) => onPick(list.find((c) => c.id === e.target.value) ?? null)}
      >
        <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
        {byParent(null).map((top) => [
          <option key={top.id} value={top.id}>{top.name}</option>,
          ...byParent(top.id).map((child) => <option key={child.id} value={child.id}>{`\u00a0\u00a0\u2013 ${child.name}`}</option>),
        ])}
        {/* A chosen category deleted since: kept visible rather than silently changed. */}
        {value && !categories.isPending && !list.some((c) => c.id === value) ? <option value={value}>(deleted category)</option> : null}
      </Select>
      <FieldError
        id={id}
        error={error ?? (categories.isError ? 'Categories could not be loaded.' : undefined)}
        hint={subs > 0 ? `Its ${subs === 1 ? 'sub-category shows' : `${subs} sub-categories show`} under it in the menu.` : undefined}
      />
    </>
  );
}

function SearchField({ id, type, label, value, names, error, onPick }: { id: string; type: 'product' | 'page'; label: string; value: string | null; names: TargetNames; error?: string; onPick: (item: { id: string; name: string; slug: string } | null) => void }) {
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(value === null);
  const search = useNavSearch(type, searching ? text : '');
  const noun = type === 'product' ? 'product' : 'page';
  const chosen = value ? names[value] : undefined;
  if (value && !searching) {
    return (
      <>
        <span className="text-sm font-medium">{type === 'product' ? 'Product' : 'Page'}</span>
        <div className="flex min-h-9 min-w-0 items-center gap-2 rounded-md border border-zinc-300 bg-zinc-50 py-1 pr-1 pl-3 text-sm">
          <Check className="size-4 shrink-0 text-emerald-600" aria-hidden />
          {/* The whole name, wrapped: products often differ only at the end ("…, Set of 3"). */}
          <span className="min-w-0 flex-1 break-words">{chosen ? chosen.name : `(deleted ${noun})`}</span>
          <Button variant="ghost" size="sm" onClick={() => setSearching(true)} aria-label={`${label}: change ${noun}`}>Change</Button>
        </div>
        <FieldError id={id} error={error} />
      </>
    );
  }
  const q = text.trim();
  const tooShort = q.length > 0 && q.length < NAV_SEARCH.minLength;
  return (
    <>
      <Label htmlFor={id}>{type === 'product' ? 'Search products' : 'Search pages'}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <Input
          id={id}
          aria-label={`${label}: search ${noun}s`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-msg`}
          className="pl-9"
          autoComplete="off"
          placeholder={`Type ${NAV_SEARCH.minLength}+ characters`}
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
        {value ? (
          <button type="button" className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-zinc-400 hover:text-zinc-700" aria-label="Keep the current choice" onClick={() => setSearching(false)}>
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {/* While typing, the search's own hint comes before the save check's message. */}
      <FieldError id={id} error={tooShort ? undefined : error} hint={tooShort ? NAV_MESSAGES.searchTooShort : undefined} />
      {q.length >= NAV_SEARCH.minLength ? (
        <div className="rounded-md border border-zinc-200 bg-white shadow-sm">
          {search.isFetching || !search.settled ? (
            <div className="flex items-center gap-2 px-3 py-2 text-sm text-zinc-500"><Spinner className="size-4" label="Searching" /> Searching…</div>
          ) : search.isError ? (
            <p className="px-3 py-2 text-sm text-red-600">The search failed. Try again.</p>
          ) : (search.data ?? []).length === 0 ? (
            <p className="px-3 py-2 text-sm text-zinc-500">No {noun}s match “{q}”.</p>
          ) : (
            <ul aria-label={`Matching ${noun}s`} className="max-h-60 overflow-y-auto py-1">
              {search.data!.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={cn('grid w-full gap-0.5 px-3 py-2 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none', item.id === value && 'bg-zinc-50')}
                    onClick={() => {
                      onPick(item);
                      setSearching(false);
                      setText('');
                    }}
                  >
                    <span className={cn('break-words text-zinc-900', item.id === value && 'font-medium')}>{item.name}</span>
                    <SearchItemDetails item={item} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}

function UrlField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (url: string) => void }) {
  const [touched, setTouched] = useState(false);
  const live = touched ? urlProblem(value) : null;
  return (
    <>
      <Label htmlFor={id}>URL</Label>
      <Input
        id={id}
        aria-label={`${label}: URL`}
        aria-invalid={error || live ? true : undefined}
        aria-describedby={`${id}-msg`}
        placeholder="/pages/about or https://…"
        value={value}
        maxLength={NAV_LIMITS.url}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      <FieldError id={id} error={error ?? live ?? undefined} hint="A path on this shop, or an https:// link" />
    </>
  );
}

/** What tells similar results apart: a product's SKU, price and status (not live: shoppers will not see it), a page's address. */
function SearchItemDetails({ item }: { item: NavSearchItem }) {
  if (item.sku === undefined) return <span className="text-xs break-all text-zinc-500">/pages/{item.slug}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500">
      <span className="font-mono">{item.sku}</span>
      {item.price !== undefined ? <span className="tabular-nums">{formatGBP(item.price)}</span> : null}
      {item.status && item.status !== 'active' ? <span className="rounded bg-amber-100 px-1.5 font-medium text-amber-800">{item.status === 'draft' ? 'Draft' : 'Archived'}</span> : null}
    </span>
  );
}
