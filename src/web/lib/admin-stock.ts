import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LowStockList, ProductStock, StockMovementCreated, StockMovementInput, StockMovementPage } from '@shared/stock';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** Prefix of the admin product list and product form queries (products engineer's keys start with it). */
export const adminProductsPrefix = ['admin', 'products'] as const;

/** Admin stock (src/web/lib/admin-stock.ts). Every key starts with stockKeys.all, so one call refreshes them all. */
export const stockKeys = {
  all: ['admin', 'stock'] as const,
  lowStock: ['admin', 'stock', 'low-stock'] as const,
  product: (id: string) => ['admin', 'stock', 'product', id] as const,
  movements: (id: string, page: number) => ['admin', 'stock', 'movements', id, page] as const,
};

/** Admin spec §2 Low Stock Alert: tracked products at 5 or fewer, lowest first, with the total. */
export function useLowStock() {
  return useQuery({
    queryKey: stockKeys.lowStock,
    queryFn: () => api<LowStockList>('GET', '/api/admin/stock/low-stock'),
    // The banner only hides itself on failure (spec §8): no point asking three times.
    retry: false,
  });
}

/** The stock page's product: name, SKU, tracking, stock and units held by unpaid checkouts. */
export function useProductStock(productId: string) {
  return useQuery({
    queryKey: stockKeys.product(productId),
    queryFn: () => api<{ product: ProductStock }>('GET', `/api/admin/products/${encodeURIComponent(productId)}/stock`).then((r) => r.product),
  });
}

/** One page (20 rows) of a product's stock ledger, newest first. */
export function useStockMovements(productId: string, page: number) {
  return useQuery({
    queryKey: stockKeys.movements(productId, page),
    queryFn: () => api<StockMovementPage>('GET', `/api/admin/products/${encodeURIComponent(productId)}/stock-movements?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/admin/stock/movements. On success every view of stock is refreshed: this feature's own
 * queries, the admin product list and form, and the storefront's cached product data.
 */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StockMovementInput) => api<StockMovementCreated>('POST', '/api/admin/stock/movements', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stockKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminProductsPrefix });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}
