import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSendBody, PushSendResult, PushSubscriptionList, PushTemplate, PushTemplateInput } from '@shared/push-schemas';
import { api } from './api';

/** Admin > Settings > Notifications. Every key starts with pushKeys.all, so one call refreshes them all. */
export const pushKeys = {
  all: ['admin', 'push'] as const,
  subscriptions: ['admin', 'push', 'subscriptions'] as const,
  templates: ['admin', 'push', 'templates'] as const,
};

/** GET push-subscribe: the newest subscriptions and the count of each kind. */
export function usePushSubscriptions() {
  return useQuery({ queryKey: pushKeys.subscriptions, queryFn: () => api<PushSubscriptionList>('GET', '/api/functions/v1/push-subscribe') });
}

/** A callback that refreshes the subscription list (after this browser subscribed or left). */
export function useRefreshPushSubscriptions() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions });
}

export function usePushTemplates() {
  return useQuery({
    queryKey: pushKeys.templates,
    queryFn: () => api<{ templates: PushTemplate[] }>('GET', '/api/functions/v1/push-templates').then((r) => r.templates),
  });
}

/** POST (new) or PUT ?id= (edit; a default's edit saves the store's own copy). */
export function useSavePushTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PushTemplateInput }) =>
      (id
        ? api<{ template: PushTemplate }>('PUT', `/api/functions/v1/push-templates?id=${encodeURIComponent(id)}`, body)
        : api<{ template: PushTemplate }>('POST', '/api/functions/v1/push-templates', body)
      ).then((r) => r.template),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pushKeys.templates }),
  });
}

/** POST push-send: a test push to the signed-in person's own devices. */
export function useSendTestPush() {
  const refresh = useRefreshPushSubscriptions();
  return useMutation({
    mutationFn: (body: PushSendBody) => api<PushSendResult>('POST', '/api/functions/v1/push-send', body),
    // A dead device may have been removed on the way.
    onSettled: refresh,
  });
}
