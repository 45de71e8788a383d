import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateEmailDomainBody, EmailDispatchBody, EmailDomain, EmailTemplate, EmailTemplateBody, EmailTemplatePreview } from '@shared/email-settings';
import { api } from './api';

/** Settings > Email (admin spec §7). Keys under ['admin', 'email-settings'] so one call refreshes both lists. */
export const emailSettingsKeys = {
  all: ['admin', 'email-settings'] as const,
  domains: ['admin', 'email-settings', 'domains'] as const,
  templates: ['admin', 'email-settings', 'templates'] as const,
};

const DOMAINS = '/api/functions/v1/email-domains';
const TEMPLATES = '/api/functions/v1/email-templates';

export function useEmailDomains() {
  return useQuery({ queryKey: emailSettingsKeys.domains, queryFn: () => api<{ domains: EmailDomain[] }>('GET', DOMAINS).then((r) => r.domains) });
}

export function useCreateEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEmailDomainBody) => api<{ domain: EmailDomain }>('POST', DOMAINS, body).then((r) => r.domain),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailSettingsKeys.domains }),
  });
}

/** PUT ?id=: checks the domain's DNS records now and answers it as it stands after the check. */
export function useVerifyEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ domain: EmailDomain }>('PUT', `${DOMAINS}?id=${encodeURIComponent(id)}`).then((r) => r.domain),
    onSuccess: (domain) => {
      queryClient.setQueryData<EmailDomain[]>(emailSettingsKeys.domains, (list) => list?.map((d) => (d.id === domain.id ? domain : d)));
      void queryClient.invalidateQueries({ queryKey: emailSettingsKeys.domains });
    },
  });
}

/** DELETE ?id=: removes a sending domain; mail then goes from the next verified one or the platform's address. */
export function useRemoveEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `${DOMAINS}?id=${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      queryClient.setQueryData<EmailDomain[]>(emailSettingsKeys.domains, (list) => list?.filter((d) => d.id !== id));
      void queryClient.invalidateQueries({ queryKey: emailSettingsKeys.domains });
    },
  });
}

export function useEmailTemplates() {
  return useQuery({ queryKey: emailSettingsKeys.templates, queryFn: () => api<{ templates: EmailTemplate[] }>('GET', TEMPLATES).then((r) => r.templates) });
}

/** Creates a custom template, or with an id changes one of the store's (PUT ?id=, key unchanged). */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EmailTemplateBody }) =>
      api<{ template: EmailTemplate }>(id ? 'PUT' : 'POST', id ? `${TEMPLATES}?id=${encodeURIComponent(id)}` : TEMPLATES, body).then((r) => r.template),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailSettingsKeys.templates }),
  });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailDispatchBody) => api<{ message: string; email_id: string }>('POST', '/api/functions/v1/email-dispatch', body),
    // The outbox list now holds it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'emails'] }),
  });
}

/**
 * The template editor's live preview: the unsaved template filled with the sample order by the server,
 * in the store's layout. Keyed by what is previewed, so an unchanged template is not asked for again;
 * the last preview stays on screen while the next one loads.
 */
export function useEmailTemplatePreview(body: EmailTemplateBody | null) {
  return useQuery({
    queryKey: [...emailSettingsKeys.all, 'preview', body] as const,
    queryFn: () => api<EmailTemplatePreview>('POST', `${TEMPLATES}/preview`, body),
    enabled: body !== null,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
}
