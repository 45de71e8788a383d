import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { PUSH_TEXT, TEST_PUSH_PAYLOAD, type PushKind } from '@shared/push';
import type { PushTemplate } from '@shared/push-schemas';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { useAdminContext } from '@/lib/auth';
import { useSendTestPush } from '@/lib/admin-push';
import { subscribedHere } from '@/lib/push-browser';
import { toast } from '@/lib/toast';
import type { ConsentStatus } from '@/components/push/use-push-consent';
import { pushTemplateName } from './template-names';

/** Why Send test is off, for the chosen audience, or null when this device can receive it. */
function notReadyText(kind: PushKind, staffStatus: ConsentStatus): string | null {
  if (kind === 'staff') {
    if (staffStatus === 'on') return null;
    return staffStatus === 'checking' ? 'Checking whether this device is subscribed…' : 'Turn on order alerts on this device first: a test goes only to your own subscribed devices.';
  }
  return subscribedHere('customer') ? null : 'This device does not get customer notifications. Turn on shipping updates from My orders on your storefront in this browser first.';
}

/**
 * A test push (admin spec §7 push-send) to the signed-in person's own subscribed devices. Send test is
 * off while this device is not subscribed for the chosen audience: the test would reach nothing here.
 */
export function TestPushCard({ templates, staffStatus }: { templates: UseQueryResult<PushTemplate[]>; staffStatus: ConsentStatus }) {
  const tenantId = useAdminContext(true).data?.tenant?.id ?? null;
  const send = useSendTestPush();
  const [templateKey, setTemplateKey] = useState('test');
  const [kind, setKind] = useState<PushKind>('staff');
  // One choice per key: the store's own template replaces the default of the same key.
  const keys = [...new Set((templates.data ?? []).filter((t) => t.is_active).map((t) => t.key))];
  const notReady = notReadyText(kind, staffStatus);
  const hintId = 'test-push-hint';

  const submit = async () => {
    if (!tenantId) {
      toast.error(PUSH_TEXT.noTenant);
      return;
    }
    try {
      await send.mutateAsync({ tenant_id: tenantId, template_key: templateKey, kind, payload: TEST_PUSH_PAYLOAD });
      toast.success(PUSH_TEXT.testSent);
    } catch (error) {
      const message = errorMessage(error, PUSH_TEXT.sendFailed);
      toast.error(PUSH_TEXT.sendFailed, message !== PUSH_TEXT.sendFailed ? { description: message } : undefined);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send a test notification</CardTitle>
        <CardDescription>Goes to your own subscribed devices only, filled in with sample order TEST-001.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField label="Template">
          <Select value={templateKey} onChange={(e) => setTemplateKey(e.target.value)} disabled={templates.isPending}>
            {keys.length ? keys.map((key) => <option key={key} value={key}>{pushTemplateName(key)}</option>) : <option value="test">{pushTemplateName('test')}</option>}
          </Select>
        </FormField>
        <FormField label="Audience">
          <Select value={kind} onChange={(e) => setKind(e.target.value as PushKind)}>
            <option value="staff">Staff (this admin)</option>
            <option value="customer">Customer (storefront)</option>
          </Select>
        </FormField>
        <Button onClick={() => void submit()} disabled={send.isPending || notReady !== null} aria-describedby={notReady ? hintId : undefined}>
          <Send aria-hidden />
          {send.isPending ? 'Sending…' : 'Send test'}
        </Button>
        {notReady ? <p id={hintId} className="text-sm text-zinc-500 sm:col-span-3">{notReady}</p> : null}
      </CardContent>
    </Card>
  );
}
