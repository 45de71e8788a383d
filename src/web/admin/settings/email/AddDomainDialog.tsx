import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createEmailDomainBody, DEFAULT_FROM_NAME, EMAIL_SETTINGS_TEXT, normaliseDomain, normaliseFromEmail } from '@shared/email-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors, applyZodIssues } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCreateEmailDomain } from '@/lib/admin-email-settings';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';

interface Values {
  domain: string;
  from_name: string;
  from_email: string;
}
const FIELDS = ['domain', 'from_name', 'from_email'] as const;

/** Add a sending domain: domain, from name (default 'Orders', spec §9) and a from email at the domain. */
export function AddDomainDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Email Domain</DialogTitle>
          <DialogDescription>Use a domain you control. You will add three DNS records to prove it and to sign your mail.</DialogDescription>
        </DialogHeader>
        <DomainForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DomainForm({ onDone }: { onDone: () => void }) {
  const create = useCreateEmailDomain();
  const form = useForm<Values>({ defaultValues: { domain: '', from_name: DEFAULT_FROM_NAME, from_email: '' } });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty, 'this sending domain');
  const [formError, setFormError] = useState<string | null>(null);
  const domain = normaliseDomain(useWatch({ control: form.control, name: 'domain' }) ?? '');
  // A pasted web address (https://shop.example/) or mailto: link is cleaned as the field is left.
  const cleanOnBlur = (name: 'domain' | 'from_email', clean: (value: string) => string) => ({
    onBlur: (event: { target: { value: string } }) => {
      const cleaned = clean(event.target.value);
      if (cleaned !== event.target.value) form.setValue(name, cleaned, { shouldDirty: true });
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const parsed = createEmailDomainBody.safeParse(values);
    if (!parsed.success) {
      // Spec §5's one message when both required fields are empty; otherwise each under its field.
      const required = parsed.error.issues.filter((i) => i.message === EMAIL_SETTINGS_TEXT.domainRequired);
      if (required.length) {
        setFormError(EMAIL_SETTINGS_TEXT.domainRequired);
        for (const issue of required) form.setError(issue.path[0] as keyof Values, { type: 'required' });
      } else applyZodIssues(parsed.error.issues, form.setError);
      return;
    }
    try {
      await create.mutateAsync(values);
      toast.success(EMAIL_SETTINGS_TEXT.domainCreated);
      onDone();
    } catch (error) {
      const message = errorMessage(error, EMAIL_SETTINGS_TEXT.createDomainFailed);
      toast.error(EMAIL_SETTINGS_TEXT.createDomainFailed, message !== EMAIL_SETTINGS_TEXT.createDomainFailed ? { description: message } : undefined);
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="Domain *" error={errors.domain?.message} hint="The part after the @, such as example.co.uk">
        <Input autoComplete="off" spellCheck={false} placeholder="example.co.uk" {...form.register('domain', cleanOnBlur('domain', normaliseDomain))} />
      </FormField>
      <FormField label="From name" error={errors.from_name?.message} hint="What customers see as the sender">
        <Input autoComplete="off" placeholder={DEFAULT_FROM_NAME} {...form.register('from_name')} />
      </FormField>
      <FormField label="From email *" error={errors.from_email?.message} hint={domain ? `An address at ${domain}` : 'An address at your domain'}>
        <Input type="email" autoComplete="off" spellCheck={false} placeholder={domain ? `orders@${domain}` : 'orders@example.co.uk'} {...form.register('from_email', cleanOnBlur('from_email', normaliseFromEmail))} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Adding…' : 'Add Domain'}</Button>
      </DialogFooter>
    </form>
  );
}
