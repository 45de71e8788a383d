import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressBody, SavedAddressList } from '@shared/saved-addresses';
import { api } from './api';

// A signed-in shopper's saved addresses in this store (issue 26): kept on /account, offered at checkout.
// Apart from the other account calls, so the checkout's bundle carries only these.

const addressesKey = ['account', 'addresses'] as const;

/** The signed-in shopper's saved addresses in this store; off while nobody is signed in. */
export function useSavedAddresses(enabled = true) {
  return useQuery({ queryKey: addressesKey, queryFn: () => api<SavedAddressList>('GET', '/api/account/addresses'), enabled });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SavedAddressBody }) =>
      id ? api<SavedAddress>('PUT', `/api/account/addresses/${encodeURIComponent(id)}`, body) : api<SavedAddress>('POST', '/api/account/addresses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/api/account/addresses/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
