import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateLeadBody, Lead, LeadStatus, UpdateLeadBody, barkImportResponse } from '@shared/crm/leads';
import { LEAD_TEXT } from '@shared/crm/leads';
import { CRM_API, LEADS_CHANGED_EVENT } from '@shared/crm/routes';
import { api, errorMessage } from './api';
import { crmKeys } from './crm';
import { toast } from './toast';

// The CRM's leads (admin spec §2, §4, §7 "CRM"): one list, newest first, shared by the pipeline board,
// the list view and the dialogs. Every write ends by reloading it, and so does every change another
// person (or a Bark import) makes, announced over the leads event stream.

export type BarkImportResult = z.infer<typeof barkImportResponse>;

/** All leads of this sales book, newest first; a failed load says 'Failed to fetch leads' (spec §8). */
export function useLeads() {
  const query = useQuery({
    queryKey: crmKeys.leads,
    queryFn: () => api<{ leads: Lead[] }>('GET', CRM_API.leads).then((r) => r.leads),
  });
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(LEAD_TEXT.fetchFailed, { id: 'crm-leads-fetch' });
  }, [failedAt]);
  return query;
}

/**
 * Real-time: each "leads" event on the stream reloads the list (spec §4 "reloads on any real-time
 * change"). EventSource reconnects by itself after a dropped connection; the stream closes on unmount.
 */
export function useLeadsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(CRM_API.leadEvents);
    const reload = () => void queryClient.invalidateQueries({ queryKey: crmKeys.leads });
    source.addEventListener(LEADS_CHANGED_EVENT, reload);
    return () => {
      source.removeEventListener(LEADS_CHANGED_EVENT, reload);
      source.close();
    };
  }, [queryClient]);
}

/** The board's reducer: the same list with one lead moved to `status` (its place in the list kept). */
export function withLeadStatus(leads: readonly Lead[], id: string, status: LeadStatus): Lead[] {
  return leads.map((lead) => (lead.id === id && lead.status !== status ? { ...lead, status } : lead));
}

const reloadLeads = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: crmKeys.leads });

/**
 * A pipeline drop: the card moves at once (optimistic, spec §4), then PATCH …/status. Success says
 * 'Lead moved successfully'; failure says 'Failed to update lead' and reloads all leads.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) =>
      api<{ lead: Lead }>('PATCH', CRM_API.leadStatus(id), { status }).then((r) => r.lead),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: crmKeys.leads });
      queryClient.setQueryData<Lead[]>(crmKeys.leads, (leads) => (leads ? withLeadStatus(leads, id, status) : leads));
    },
    onSuccess: () => toast.success(LEAD_TEXT.moved),
    onError: (error) => {
      const message = errorMessage(error, LEAD_TEXT.updateFailed);
      toast.error(LEAD_TEXT.updateFailed, message === LEAD_TEXT.updateFailed ? undefined : { description: message });
    },
    onSettled: () => reloadLeads(queryClient),
  });
}

/** POST a new lead (status new; the server fills priority medium and source manual when absent). */
export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeadBody) => api<{ lead: Lead }>('POST', CRM_API.leads, body).then((r) => r.lead),
    onSuccess: () => reloadLeads(queryClient),
  });
}

/** PUT the detail dialog's fields; the list reloads afterwards (spec §4). */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLeadBody }) => api<{ lead: Lead }>('PUT', CRM_API.lead(id), body).then((r) => r.lead),
    onSuccess: () => reloadLeads(queryClient),
  });
}

/** Runs the Bark sheet import; a store's book names itself in the x-tenant-id header (spec §6, §7). */
export function useBarkImport(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sheetsUrl: string) =>
      api<BarkImportResult>('POST', CRM_API.barkImport, { sheets_url: sheetsUrl }, tenantId ? { headers: { 'x-tenant-id': tenantId } } : {}),
    onSettled: () => reloadLeads(queryClient),
  });
}
