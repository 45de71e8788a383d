import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { parsePage, parseSort, type ProductSort } from '@shared/catalog';

/**
 * The search, sort and page of a product listing, kept in the URL (storefront spec §4) so a listing
 * can be shared, bookmarked and stepped through with the back button. Defaults are left out of the
 * URL to keep links short; a new search or sort starts again from page 1.
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const search = (params.get('search') ?? '').trim();
  const sort: ProductSort | null = parseSort(params.get('sort'));
  const page = parsePage(params.get('page') ?? undefined);

  const update = useCallback(
    (changes: { search?: string; sort?: string | null; page?: number }, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.search !== undefined) setOrDelete(next, 'search', changes.search);
          if (changes.sort !== undefined) setOrDelete(next, 'sort', changes.sort ?? '');
          // Page 1 is the default; any change of search or sort goes back to it.
          const page = changes.page ?? 1;
          setOrDelete(next, 'page', page > 1 ? String(page) : '');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const hrefForPage = useCallback(
    (target: number) => {
      const next = new URLSearchParams(params);
      setOrDelete(next, 'page', target > 1 ? String(target) : '');
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [params, pathname],
  );

  return { search, sort, page, update, hrefForPage };
}

function setOrDelete(params: URLSearchParams, key: string, value: string) {
  if (value) params.set(key, value);
  else params.delete(key);
}
