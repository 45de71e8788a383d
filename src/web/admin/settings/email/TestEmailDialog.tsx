import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { EMAIL_SETTINGS_TEXT, emailDispatchBody, TEST_PAYLOAD } from '@shared/email-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors, applyZodIssues } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAdminContext, useSession } from '@/lib/auth';
import { useSendTestEmail } from '@/lib/admin-email-settings';
import { templateName } from './TemplatesPanel';

/** Send a template filled with the spec's sample order (TEST-001, 99.99, quantity 5) to an address. */
export function TestEmailDialog({ templateKey, keys, onClose }: { templateKey: string | null; keys: string[]; onClose: () => void }) {
  return (
    <Dialog open={templateKey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send Test Email</DialogTitle>
          <DialogDescription>
            Filled in with a sample order: {TEST_PAYLOAD.order_number}, total {TEST_PAYLOAD.total_amount} {TEST_PAYLOAD.currency}, quantity {TEST_PAYLOAD.quantity}. It goes out like any email and appears in Emails.
          </DialogDescription>
        </DialogHeader>
        {templateKey !== null ? <TestForm initialKey={templateKey} keys={keys} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface Values {
  to_email: string;
  template_key: string;
}

function TestForm({ initialKey, keys, onDone }: { initialKey: string; keys: string[]; onDone: () => void }) {
  const send = useSendTestEmail();
  const navigate = useNavigate();
  const session = useSession();
  // The tenant the admin already loaded (spec §8: no tenant id, no test email).
  const tenantId = useAdminContext(true).data?.tenant?.id ?? null;
  const form = useForm<Values>({ defaultValues: { to_email: session.data?.user?.email ?? '', template_key: initialKey } });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (!tenantId) {
      toast.error(EMAIL_SETTINGS_TEXT.noTenant);
      return setFormError(EMAIL_SETTINGS_TEXT.noTenant);
    }
    const body = { tenant_id: tenantId, ...values, payload: TEST_PAYLOAD };
    const parsed = emailDispatchBody.safeParse(body);
    if (!parsed.success) return applyZodIssues(parsed.error.issues, form.setError);
    try {
      await send.mutateAsync(body);
      toast.success(EMAIL_SETTINGS_TEXT.testSent, { description: `Sent to ${parsed.data.to_email}.`, action: { label: 'View in Emails', onClick: () => void navigate('/admin/emails') } });
      onDone();
    } catch (error) {
      const message = errorMessage(error, EMAIL_SETTINGS_TEXT.testFailed);
      toast.error(EMAIL_SETTINGS_TEXT.testFailed, message !== EMAIL_SETTINGS_TEXT.testFailed ? { description: message } : undefined);
      if (!applyServerFieldErrors(error, form.setError, ['to_email', 'template_key'])) setFormError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Controller
        control={form.control}
        name="template_key"
        render={({ field }) => (
          <FormField label="Template" error={errors.template_key?.message}>
            <Select name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
              {keys.map((k) => <option key={k} value={k}>{templateName(k)} ({k})</option>)}
            </Select>
          </FormField>
        )}
      />
      <FormField label="Send to *" error={errors.to_email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.co.uk" {...form.register('to_email')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Sending…' : 'Send Test'}</Button>
      </DialogFooter>
    </form>
  );
}
