import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { CRM_API } from '@shared/crm/routes';
import type { PublicQuote } from '@shared/crm/quotes';

/** The proposal page's own query keys (it is a bundle of its own, apart from the CRM's). */
export const proposalKeys = { quote: (uniqueUrl: string) => ['public-quote', uniqueUrl] as const };

/** How long the page waits for the payment's webhook after the pay page sent the client back. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_POLL_LIMIT = 20;

/**
 * The proposal by its link (no view counted: the page's HTML load counted it). While `confirming`
 * (back from the pay page, not yet marked paid), it polls briefly: the provider's webhook may lag.
 */
export function usePublicQuote(uniqueUrl: string, confirming: boolean) {
  return useQuery({
    queryKey: proposalKeys.quote(uniqueUrl),
    queryFn: () => api<{ quote: PublicQuote }>('GET', CRM_API.publicQuote(uniqueUrl), undefined, { cache: 'reload' }).then((r) => r.quote),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
    refetchInterval: (query) => {
      const q = query.state.data;
      if (!confirming || q?.paid_at || query.state.dataUpdateCount > CONFIRM_POLL_LIMIT) return false;
      return CONFIRM_POLL_MS;
    },
  });
}

/** Starts the deposit payment and sends the browser to the provider's pay page. */
export function usePayDeposit(uniqueUrl: string) {
  return useMutation({
    mutationFn: () => api<{ url: string }>('POST', CRM_API.publicQuoteDeposit(uniqueUrl)),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
