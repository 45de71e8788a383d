import { useEffect, useId, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formatGBP } from '@shared/money';
import { SUGGEST, type SearchSuggestions } from '@shared/search';
import type { ImageRef } from '@shared/catalog';
import { ProductImage } from '../components/ProductImage';

interface Option {
  key: string;
  label: string;
  detail: string;
  to: string;
  image?: ImageRef | null;
}

const EMPTY: SearchSuggestions = { products: [], categories: [] };

/**
 * Suggestions under the header's search box (issue 27 item 8), loaded on the box's first focus so no
 * page pays for them before a shopper searches. It follows the box's own input (SearchField keeps the
 * text), asks GET /api/search/suggestions SUGGEST.debounceMs after the last key, and works as a searchbox
 * that owns a list: arrows move through the list, Enter opens the highlighted one (plain Enter still searches),
 * Escape or leaving the box closes it.
 */
export default function SearchSuggest({ box }: { box: RefObject<HTMLDivElement | null> }) {
  const navigate = useNavigate();
  const listId = useId();
  // What the box already holds when the list first shows (typed before this chunk arrived).
  const [text, setText] = useState(() => box.current?.querySelector('input')?.value ?? '');
  const [asked, setAsked] = useState('');
  // Open while the box has focus: not on a page the box arrived at after a search (it is new there).
  const [open, setOpen] = useState(() => Boolean(box.current?.contains(document.activeElement)));
  const [active, setActive] = useState(-1);

  const q = asked.trim().toLocaleLowerCase('en-GB');
  const found = useQuery({
    queryKey: ['catalog', 'suggest', q],
    queryFn: () => api<SearchSuggestions>('GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`),
    enabled: q.length >= SUGGEST.minLength,
    staleTime: 30_000,
  });
  const data = q.length >= SUGGEST.minLength ? (found.data ?? EMPTY) : EMPTY;
  const options: Option[] = [
    ...data.products.map((p) => ({ key: `p:${p.slug}`, label: p.name, detail: formatGBP(p.sale_price ?? p.price), to: `/p/${p.slug}`, image: p.image })),
    ...data.categories.map((c) => ({ key: `c:${c.slug}`, label: c.name, detail: 'Category', to: `/c/${c.slug}` })),
  ];
  const shown = open && text.trim().length >= SUGGEST.minLength && options.length > 0;

  const go = (to: string) => {
    setOpen(false);
    box.current?.querySelector('input')?.blur();
    navigate(to);
  };

  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), SUGGEST.debounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  // The box's own input: its text, keys and focus drive the list.
  useEffect(() => {
    const input = box.current?.querySelector('input');
    if (!input) return;
    const onInput = () => {
      setText(input.value);
      setOpen(true);
      setActive(-1);
    };
    const onBlur = (event: FocusEvent) => {
      if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const onFocus = () => setOpen(true);
    input.addEventListener('input', onInput);
    input.addEventListener('blur', onBlur);
    input.addEventListener('focus', onFocus);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('focus', onFocus);
    };
  }, [box]);

  useEffect(() => {
    const input = box.current?.querySelector('input');
    if (!input) return;
    // The box stays a searchbox (a textbox may own a list: aria-autocomplete, aria-controls and
    // aria-activedescendant), so it keeps its role and name for people and tools that look for it.
    input.setAttribute('aria-autocomplete', 'list');
    if (shown) input.setAttribute('aria-controls', listId);
    else input.removeAttribute('aria-controls');
    if (shown && active >= 0) input.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else input.removeAttribute('aria-activedescendant');
    const onKey = (event: KeyboardEvent) => {
      if (!shown) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // -1 is the box itself: past either end the highlight goes back to it.
        setActive((i) => {
          const next = i + step;
          return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
        });
      } else if (event.key === 'Escape') {
        setOpen(false);
      } else if (event.key === 'Enter' && active >= 0 && options[active]) {
        event.preventDefault();
        go(options[active].to);
      }
    };
    input.addEventListener('keydown', onKey);
    return () => input.removeEventListener('keydown', onKey);
  });

  if (!shown) return null;
  return (
    <ul id={listId} role="listbox" aria-label="Suggestions" className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-zinc-200 bg-white py-1 shadow-lg">
      {options.map((o, i) => (
        <li
          key={o.key}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'flex cursor-pointer items-center gap-3 bg-zinc-100 px-3 py-2' : 'flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-zinc-50'}
          // Chosen on mouse down, before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            go(o.to);
          }}
        >
          {o.image ? <ProductImage image={o.image} fallbackAlt="" sizes="32px" className="size-8 shrink-0 rounded" /> : null}
          <span className="min-w-0 flex-1 truncate text-sm text-zinc-900">{o.label}</span>
          <span className="shrink-0 text-xs text-zinc-500">{o.detail}</span>
        </li>
      ))}
    </ul>
  );
}
