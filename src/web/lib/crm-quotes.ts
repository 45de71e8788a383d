import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@shared/crm/leads';
import { quoteDisplayStatus, type Quote, type QuoteEvent, type QuoteFilter, type SaveQuoteBody } from '@shared/crm/quotes';
import { CRM_API, quotePagePath } from '@shared/crm/routes';
import { api } from './api';
import { crmKeys } from './crm';

// The Quotes section's server state (admin spec §2 Quotes, §7 "Quotes"): the list with its revenue,
// the leads a quote can belong to, and save and delete.

export interface QuoteList {
  quotes: Quote[];
  /** Deposits of paid quotes, pounds (spec §9), summed by the server. */
  revenue: number;
}

export function useQuotes() {
  return useQuery({ queryKey: crmKeys.quotes, queryFn: () => api<QuoteList>('GET', CRM_API.quotes) });
}

/** What the builder's lead picker shows (spec §7: id, name, email, company, project_type, newest first). */
export type LeadOption = Pick<Lead, 'id' | 'name' | 'email' | 'company' | 'project_type' | 'created_at'>;

/**
 * Shares the leads section's cache entry (src/web/lib/crm-leads.ts useLeads), so the entry holds the
 * same thing, Lead[]: both read GET /api/crm/leads, and a lead added there is offered here at once.
 */
export function useQuoteLeads() {
  return useQuery({
    queryKey: crmKeys.leads,
    queryFn: () => api<{ leads: Lead[] }>('GET', CRM_API.leads).then((r) => r.leads),
    select: (leads): LeadOption[] =>
      [...leads]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(({ id, name, email, company, project_type, created_at }) => ({ id, name, email, company, project_type, created_at })),
  });
}

/** POST a new quote, PUT an existing one; the list (and the leads, whose status a quote may move) refresh. */
export function useSaveQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SaveQuoteBody }) =>
      api<{ quote: Quote }>(id ? 'PUT' : 'POST', id ? CRM_API.quote(id) : CRM_API.quotes, body).then((r) => r.quote),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: crmKeys.quotes });
      void client.invalidateQueries({ queryKey: crmKeys.leads });
    },
  });
}

export function useDeleteQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', CRM_API.quote(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: crmKeys.quotes }),
  });
}

/** The list's filter (spec §2): 'paid' is paid_at set whatever the status, and a paid quote is in no other bucket. */
export function filterQuotes<T extends Pick<Quote, 'status' | 'paid_at'>>(quotes: T[], filter: QuoteFilter): T[] {
  if (filter === 'all') return quotes;
  return quotes.filter((q) => quoteDisplayStatus(q) === filter);
}

/** The absolute link a client opens (storefront spec §2), on this host. */
export function quoteLink(uniqueUrl: string, origin = window.location.origin): string {
  return `${origin}${quotePagePath(uniqueUrl)}`;
}

/**
 * A saved quote's history, newest first (GET /api/crm/quotes/:id, decision 029). Its key sits under the
 * quotes' key, so whatever refreshes the list (a save, a delete) refreshes the history too.
 */
export function useQuoteHistory(id: string) {
  return useQuery({
    queryKey: [...crmKeys.quote(id), 'history'],
    queryFn: () => api<{ quote: Quote; history: QuoteEvent[] }>('GET', CRM_API.quote(id)).then((r) => r.history),
  });
}

/** Copies text; falls back to a selected text area where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: try the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy failed');
}
