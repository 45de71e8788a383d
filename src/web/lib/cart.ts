import { useCallback } from 'react';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, ShippingMethod } from '@shared/cart';
import { api } from './api';
import { cartKeys } from './query-keys';

type CartAnswer = { cart: Cart };

/** The shopper's cart in this store. The server prices it; the client never computes money. */
export function useCart() {
  return useQuery({ queryKey: cartKeys.cart, queryFn: () => api<CartAnswer>('GET', '/api/cart').then((r) => r.cart) });
}

/** The scope every cart change shares (storefront/cart/DiscountCodeForm.tsx names it too). */
const CART_SCOPE = 'cart';

/**
 * Every cart change answers the new cart: it replaces the cached one, so totals never lag. Changes
 * share one scope, so they reach the server one after another and the last answer holds them all.
 * A failed change may mean our copy is out of date (a line removed in another tab): read it again.
 */
function useCartMutation<V>(call: (vars: V) => Promise<CartAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    scope: { id: CART_SCOPE },
    onSuccess: ({ cart }) => client.setQueryData(cartKeys.cart, cart),
    onError: () => client.invalidateQueries({ queryKey: cartKeys.cart, exact: true }),
  });
}

/** True while any cart change is on its way: the totals on screen are about to change. */
export function useCartChanging(): boolean {
  return useIsMutating({ predicate: (mutation) => mutation.options.scope?.id === CART_SCOPE }) > 0;
}

export const useAddToCart = () =>
  useCartMutation((v: { product_id: string; variant_id?: string | null; quantity: number }) => api<CartAnswer>('POST', '/api/cart/items', v));

export const useSetCartQuantity = () =>
  useCartMutation((v: { id: string; quantity: number }) => api<CartAnswer>('PATCH', `/api/cart/items/${encodeURIComponent(v.id)}`, { quantity: v.quantity }));

export const useRemoveFromCart = () => useCartMutation((id: string) => api<CartAnswer>('DELETE', `/api/cart/items/${encodeURIComponent(id)}`));

export const useChooseShipping = () => useCartMutation((shippingMethodId: string) => api<CartAnswer>('PUT', '/api/cart/shipping', { shipping_method_id: shippingMethodId }));

export function useShippingMethods() {
  return useQuery({
    queryKey: cartKeys.shippingMethods,
    queryFn: () => api<{ shipping_methods: ShippingMethod[] }>('GET', '/api/shipping-methods').then((r) => r.shipping_methods),
    staleTime: 5 * 60_000,
  });
}

/** Forget the cached cart (after paying: the server has emptied it). Stable, so effects can depend on it. */
export function useResetCart() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: cartKeys.cart, exact: true }), [client]);
}
