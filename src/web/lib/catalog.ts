import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryDetail, CategoryNode, ProductCard, ProductDetail, ProductList } from '@shared/catalog';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** Storefront spec §9: product data may be 30 s old. */
const PRODUCT_STALE_MS = 30_000;

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: () => api<{ categories: CategoryNode[] }>('GET', '/api/categories').then((r) => r.categories),
    staleTime: 5 * 60_000,
  });
}

export function useCategory(slug: string) {
  return useQuery({
    queryKey: catalogKeys.category(slug),
    queryFn: () => api<{ category: CategoryDetail }>('GET', `/api/categories/${encodeURIComponent(slug)}`).then((r) => r.category),
    staleTime: 5 * 60_000,
  });
}

export interface ProductQuery {
  category?: string;
  q?: string;
  page?: number;
  limit?: number;
  sort?: string;
  featured?: 'true';
  /** Filters as query text (shared/product-filters.ts filterParams), appended as they are. */
  filters?: string;
}

function toSearch({ filters, ...params }: ProductQuery): string {
  const search = new URLSearchParams(filters);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Keeps the last page on screen while the next loads, so paging and sorting do not flash empty. */
export function useProducts(params: ProductQuery, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.products({ ...params }),
    queryFn: () => api<ProductList>('GET', `/api/products${toSearch(params)}`),
    staleTime: PRODUCT_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

const productPath = (slug: string) => `/api/products/by-slug/${encodeURIComponent(slug)}`;

export const productQuery = (slug: string) => ({
  queryKey: catalogKeys.product(slug),
  queryFn: () => api<{ product: ProductDetail }>('GET', productPath(slug)).then((r) => r.product),
  staleTime: PRODUCT_STALE_MS,
});

export function useProduct(slug: string) {
  return useQuery(productQuery(slug));
}

/**
 * Reads a product again past both copies the spec lets it keep for 30 s (this cache and the
 * browser's): after the cart said fewer are left than the page showed, the stepper catches up.
 */
export function useReloadProduct() {
  const client = useQueryClient();
  return useCallback(
    async (slug: string) => {
      const { product } = await api<{ product: ProductDetail }>('GET', productPath(slug), undefined, { cache: 'reload' });
      client.setQueryData(catalogKeys.product(slug), product);
    },
    [client],
  );
}

export const relatedProductsQuery = (productId: string | undefined) => ({
  queryKey: catalogKeys.related(productId ?? ''),
  queryFn: () => api<{ items: ProductCard[] }>('GET', `/api/products/${productId}/related`).then((r) => r.items),
  enabled: Boolean(productId),
  staleTime: PRODUCT_STALE_MS,
});

export function useRelatedProducts(productId: string | undefined) {
  return useQuery(relatedProductsQuery(productId));
}
