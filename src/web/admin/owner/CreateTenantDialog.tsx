import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors, applyZodIssues } from '@/lib/forms';
import { useCreateTenant } from '@/lib/platform';
import { createTenantBody } from '@shared/tenants';

type Values = { name: string; domain: string; admin_email: string };
const EMPTY: Values = { name: '', domain: '', admin_email: '' };

/** Owner only: a new store with its domain, and optionally an existing account as its admin. */
export function CreateTenantDialog() {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateTenant();
  const form = useForm<Values>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    // The same schema the server applies; an empty admin email means "no admin yet".
    const parsed = createTenantBody.safeParse({ name: values.name, domain: values.domain, admin_email: values.admin_email.trim() || undefined });
    if (!parsed.success) return applyZodIssues(parsed.error.issues, form.setError);
    try {
      const tenant = await create.mutateAsync(parsed.data);
      toast.success('Tenant created', { description: `${tenant.name} now answers at ${tenant.domain}.` });
      form.reset(EMPTY);
      setOpen(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'domain', 'admin_email'])) setFormError(errorMessage(error, 'Failed to create tenant'));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) { form.reset(EMPTY); setFormError(null); }
      }}
    >
      <DialogTrigger asChild>
        <Button><Plus aria-hidden /> Create tenant</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create tenant</DialogTitle>
          <DialogDescription>A new store with its own domain, catalogue, orders and staff.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="Store name" error={errors.name?.message}>
            <Input autoComplete="off" placeholder="Bramble & Co" {...form.register('name')} />
          </FormField>
          <FormField label="Domain" error={errors.domain?.message} hint="The host name shoppers visit, for example shop.bramble.co.uk.">
            <Input autoComplete="off" placeholder="shop.example.co.uk" {...form.register('domain')} />
          </FormField>
          <FormField label="Admin email (optional)" error={errors.admin_email?.message} hint="An existing account to make this store's admin.">
            <Input type="email" autoComplete="off" placeholder="owner@example.co.uk" {...form.register('admin_email')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Creating...' : 'Create tenant'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
