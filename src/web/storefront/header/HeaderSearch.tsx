import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchField } from '../components/SearchField';

// Loaded on the box's first focus: no page carries the suggestions' code until a shopper searches.
const SearchSuggest = lazy(() => import('./SearchSuggest'));

/** The header's product search: it always searches the whole shop, on /products?search=... */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  // On the results page the box shows the search in force; elsewhere it starts empty.
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  return (
    <div ref={box} className={`relative ${className ?? ''}`} onFocus={() => setFocused(true)}>
      <SearchField
        key={`${location.pathname}|${current}`}
        value={current}
        label="Search products"
        placeholder="Search products"
        inputClassName="h-10 rounded-full bg-zinc-50 focus-visible:bg-white"
        onSearch={(search) => navigate(search ? `/products?search=${encodeURIComponent(search)}` : '/products')}
      />
      {focused ? (
        <Suspense fallback={null}>
          <SearchSuggest key={`${location.pathname}|${current}`} box={box} />
        </Suspense>
      ) : null}
    </div>
  );
}
