import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PUSH_TEXT } from '@shared/push';
import { pushTemplateBody, type PushTemplate, type PushTemplateInput, type PushTemplateValues } from '@shared/push-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSavePushTemplate } from '@/lib/admin-push';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';

const FIELDS = ['key', 'title', 'body', 'icon', 'url'] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template being edited; null creates one. */
  template: PushTemplate | null;
}

/** The template dialog (admin spec §4): create or edit; in edit the key is locked. */
export function TemplateDialog({ open, onOpenChange, template }: Props) {
  const editing = template !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Template' : 'New Template'}</DialogTitle>
          <DialogDescription>
            {editing && template.tenant_id === null
              ? 'This is a platform default: saving keeps your own copy for this store.'
              : 'Placeholders in double braces are filled in when the notification is sent.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on each opening, so the form starts from the template's values. */}
        {open ? <TemplateForm template={template} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, onDone }: { template: PushTemplate | null; onDone: () => void }) {
  const editing = template !== null;
  const save = useSavePushTemplate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PushTemplateInput, unknown, PushTemplateValues>({
    resolver: zodResolver(pushTemplateBody),
    defaultValues: {
      key: template?.key ?? '',
      title: template?.title ?? '',
      body: template?.body ?? '',
      icon: template?.icon ?? '',
      url: template?.url ?? '',
      is_active: template?.is_active ?? true,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty, 'this notification template');
  // The spec's one message for the three required fields, shown once above the form as well.
  const missing = [errors.key, errors.title, errors.body].some((e) => e?.message === PUSH_TEXT.templateRequired);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: template?.id ?? null, body: values });
      toast.success(editing ? PUSH_TEXT.templateUpdated : PUSH_TEXT.templateCreated);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      const message = errorMessage(error, PUSH_TEXT.templateSaveFailed);
      toast.error(PUSH_TEXT.templateSaveFailed, message !== PUSH_TEXT.templateSaveFailed ? { description: message } : undefined);
      setFormError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : missing ? <Alert variant="destructive">{PUSH_TEXT.templateRequired}</Alert> : null}
      <FormField label="Key *" error={errors.key?.message} hint={editing ? 'The key cannot be changed.' : 'Lowercase letters, digits, dots, dashes and underscores, e.g. order_paid.'}>
        <Input autoComplete="off" readOnly={editing} className={editing ? 'bg-zinc-50 text-zinc-500' : undefined} placeholder="order_paid" {...form.register('key')} />
      </FormField>
      <FormField label="Title *" error={errors.title?.message}>
        <Input autoComplete="off" placeholder="New order {{order_number}}" {...form.register('title')} />
      </FormField>
      <FormField label="Body *" error={errors.body?.message}>
        <Textarea rows={3} placeholder="{{customer_name}} paid {{total_amount}}." {...form.register('body')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Icon" error={errors.icon?.message} hint="Optional: a path on this site or an https:// link.">
          <Input autoComplete="off" placeholder="/favicon.ico" {...form.register('icon')} />
        </FormField>
        <FormField label="Link" error={errors.url?.message} hint="Optional: opened when the notification is clicked.">
          <Input autoComplete="off" placeholder="/admin/orders" {...form.register('url')} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <label className="flex items-center justify-between gap-4 rounded-lg border border-zinc-200 px-4 py-3">
            <span>
              <span className="block text-sm font-medium">Active</span>
              <span className="block text-xs text-zinc-500">Inactive templates are not sent; a default takes over if there is one.</span>
            </span>
            <Switch checked={field.value ?? true} onCheckedChange={field.onChange} aria-label="Active" />
          </label>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : editing ? 'Save Template' : 'Create Template'}</Button>
      </DialogFooter>
    </form>
  );
}
