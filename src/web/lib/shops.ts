import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subdomainProblem, type CreateShopBody, type CreateShopResponse, type SubdomainCheck } from '@shared/shops';
import { api, ApiError } from './api';
import { authKeys } from './query-keys';

/** Shops opened by merchants themselves on the platform host (issue 25 item 3). Kept here, beside its only hooks. */
export const shopKeys = {
  subdomain: (subdomain: string) => ['shops', 'subdomain', subdomain] as const,
};

/** How long the address box waits for typing to pause before asking the server. */
export const SUBDOMAIN_CHECK_DELAY_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface SubdomainCheckState {
  /** The answer for the address as it is now; null while typing, checking, or with no address. */
  answer: SubdomainCheck | null;
  /** Typing has not paused yet, or the server is being asked. */
  checking: boolean;
  /** The check itself failed (switched off: 403 with the server's message; or the network). */
  error: unknown;
}

/**
 * The live "is this address free?" line: waits for typing to pause, answers format problems
 * (length, characters, reserved words) itself, and asks GET /api/shops/subdomain for the rest.
 * Each address has its own cache entry, so only the answer for the latest address is ever shown.
 */
export function useSubdomainCheck(subdomain: string): SubdomainCheckState {
  const settled = useDebounced(subdomain, SUBDOMAIN_CHECK_DELAY_MS);
  const problem = settled ? subdomainProblem(settled) : null;
  const query = useQuery({
    queryKey: shopKeys.subdomain(settled),
    queryFn: () => api<SubdomainCheck>('GET', `/api/shops/subdomain?subdomain=${encodeURIComponent(settled)}`),
    enabled: settled !== '' && problem === null,
    staleTime: 10_000,
    // A refusal (signed out, switched off) will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    // While the next address is asked about, the line keeps its spinner rather than flashing empty.
    placeholderData: keepPreviousData,
  });

  if (!subdomain) return { answer: null, checking: false, error: null };
  if (settled !== subdomain) return { answer: null, checking: true, error: null };
  if (problem) return { answer: { subdomain, domain: '', available: false, message: problem }, checking: false, error: null };
  if (query.isError) return { answer: null, checking: false, error: query.error };
  const current = query.data && !query.isPlaceholderData && query.data.subdomain === subdomain ? query.data : null;
  return { answer: current, checking: current === null, error: null };
}

/**
 * POST /api/shops. The person now owns the new store and their session works in it, so what was
 * known about their access is fetched again (awaited, so /admin opens on the new store), and any
 * admin screen data from another store they run is dropped.
 */
export function useOpenShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShopBody) => api<CreateShopResponse>('POST', '/api/shops', body),
    onSuccess: async () => {
      // Admin screens (and the access check itself) load afresh for the new store; the session is
      // on screen, so it is fetched again before the page moves on.
      queryClient.removeQueries({ queryKey: ['admin'] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.session, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: authKeys.adminContext, refetchType: 'all' }),
      ]);
    },
    onError: (error, body) => {
      // Taken since it was checked: the live line should say so too.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: shopKeys.subdomain(body.subdomain) });
    },
  });
}
