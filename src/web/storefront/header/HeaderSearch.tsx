import { useLocation, useNavigate } from 'react-router';
import { SearchField } from '../components/SearchField';

/** The header's product search: it always searches the whole shop, on /products?search=... */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // On the results page the box shows the search in force; elsewhere it starts empty.
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  return (
    <SearchField
      key={`${location.pathname}|${current}`}
      value={current}
      label="Search products"
      placeholder="Search products"
      className={className}
      inputClassName="h-10 rounded-full bg-zinc-50 focus-visible:bg-white"
      onSearch={(search) => navigate(search ? `/products?search=${encodeURIComponent(search)}` : '/products')}
    />
  );
}
