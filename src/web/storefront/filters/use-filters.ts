import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FILTER_KEYS, filterParams, parseFilters, type ProductFacets, type ProductFilters } from '@shared/product-filters';

/**
 * A listing's filters, kept in the URL beside its search, sort and page (listing-params.ts), so a
 * filtered page can be shared and the back button undoes a choice. Changing one goes back to page 1.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  // Cheap to parse on every render; `query` (a string) is what keys and requests depend on.
  const filters = parseFilters((k) => params.getAll(k));
  const query = new URLSearchParams(filterParams(filters)).toString();

  const set = useCallback(
    (next: ProductFilters) => {
      setParams((current) => {
        const out = new URLSearchParams(current);
        for (const k of FILTER_KEYS) out.delete(k);
        out.delete('page');
        for (const [k, v] of filterParams(next)) out.append(k, v);
        return out;
      });
    },
    [setParams],
  );
  return { filters, query, set };
}

/** GET /api/products/facets for the listing's scope and filters; the last answer stays while the next loads. */
export function useFacets(scope: { category?: string; q?: string }, query: string) {
  const search = new URLSearchParams(query);
  if (scope.category) search.set('category', scope.category);
  if (scope.q) search.set('q', scope.q);
  const text = search.toString();
  return useQuery({
    queryKey: ['catalog', 'facets', text],
    queryFn: () => api<ProductFacets>('GET', `/api/products/facets${text ? `?${text}` : ''}`),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
