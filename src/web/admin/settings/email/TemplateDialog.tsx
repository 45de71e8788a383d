import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { EMAIL_SETTINGS_TEXT, type EmailTemplate } from '@shared/email-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useSaveEmailTemplate } from '@/lib/admin-email-settings';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { TEMPLATE_FIELDS, templateBodyFrom, templateFormValues, type TemplateFormValues } from './template-form';
import { VariablePicker } from './VariablePicker';

/** Create a template, or edit one (spec §4: the key is locked in edit). Editing a default saves a custom copy. */
export type TemplateDialogMode = { kind: 'create' } | { kind: 'edit'; template: EmailTemplate };

export function TemplateDialog({ mode, onClose }: { mode: TemplateDialogMode | null; onClose: () => void }) {
  const template = mode?.kind === 'edit' ? mode.template : null;
  const customising = template !== null && template.tenant_id === null;
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{template ? (customising ? 'Customise Template' : 'Edit Template') : 'Create Template'}</DialogTitle>
          <DialogDescription>
            {customising
              ? 'Saving makes a custom copy for your store that replaces this default while it is active.'
              : 'Use {{variables}} for the order’s details; their values are filled in for each email.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh each time, so every opening starts from the template's values. */}
        {mode ? <TemplateForm key={template?.id ?? 'new'} template={template} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type TextField = 'subject' | 'html' | 'text';

function TemplateForm({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const save = useSaveEmailTemplate();
  const form = useForm<TemplateFormValues>({ defaultValues: templateFormValues(template) });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty, 'this email template');
  const [formError, setFormError] = useState<string | null>(null);
  const key = useWatch({ control: form.control, name: 'key' });
  const locked = template !== null;
  // A default is never changed: saving it creates the store's own (POST); a custom one is updated (PUT).
  const updating = template !== null && template.tenant_id !== null;

  // Where a picked variable goes: the text field used last, at its cursor.
  const [lastField, setLastField] = useState<TextField>('html');
  const formRef = useRef<HTMLFormElement>(null);
  const insert = (snippet: string) => {
    const el = formRef.current?.elements.namedItem(lastField) as HTMLInputElement | HTMLTextAreaElement | null;
    const value = form.getValues(lastField);
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    // setValue writes the field's DOM value at once (it is registered, uncontrolled): the cursor can follow now.
    form.setValue(lastField, value.slice(0, start) + snippet + value.slice(end), { shouldDirty: true });
    el?.focus();
    el?.setSelectionRange(start + snippet.length, start + snippet.length);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = templateBodyFrom(values, form.setError);
    if (!result) return;
    if ('formError' in result) return setFormError(result.formError);
    try {
      await save.mutateAsync({ id: updating ? template.id : null, body: result.body });
      toast.success(updating ? EMAIL_SETTINGS_TEXT.templateUpdated : EMAIL_SETTINGS_TEXT.templateCreated);
      onDone();
    } catch (error) {
      const message = errorMessage(error, EMAIL_SETTINGS_TEXT.saveTemplateFailed);
      toast.error(EMAIL_SETTINGS_TEXT.saveTemplateFailed, message !== EMAIL_SETTINGS_TEXT.saveTemplateFailed ? { description: message } : undefined);
      if (!applyServerFieldErrors(error, form.setError, TEMPLATE_FIELDS)) setFormError(message);
    }
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="grid gap-5 lg:grid-cols-[1fr_16rem]">
        <div className="grid min-w-0 content-start gap-4">
          <FormField label="Key *" error={errors.key?.message} hint={locked ? 'The key says which email this is and cannot be changed.' : 'Lowercase letters, digits and underscores. Use a default’s key (such as order_confirmation) to replace it.'}>
            <Input autoComplete="off" spellCheck={false} className="font-mono" disabled={locked} placeholder="order_confirmation" {...form.register('key')} />
          </FormField>
          <FormField label="Subject *" error={errors.subject?.message}>
            <Input autoComplete="off" placeholder="{{shop_name}}: order {{order_number}} confirmed" {...form.register('subject')} onFocus={() => setLastField('subject')} />
          </FormField>
          <FormField label="HTML content *" error={errors.html?.message} hint="Placed inside your store’s email layout, unless it is a whole HTML document.">
            <Textarea rows={10} spellCheck={false} className="font-mono text-xs" {...form.register('html')} onFocus={() => setLastField('html')} />
          </FormField>
          <FormField label="Text content" error={errors.text?.message} hint="Optional: the plain-text version. Left empty, it is made from the HTML.">
            <Textarea rows={5} spellCheck={false} className="min-h-20 font-mono text-xs" {...form.register('text')} onFocus={() => setLastField('text')} />
          </FormField>
          <div className="flex items-center gap-3">
            <Controller control={form.control} name="is_active" render={({ field }) => <Switch id="template-active" checked={field.value} onCheckedChange={field.onChange} />} />
            <Label htmlFor="template-active">Active</Label>
            <span className="text-xs text-zinc-500">Inactive custom templates fall back to the default.</span>
          </div>
        </div>
        <VariablePicker templateKey={key} onPick={insert} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : updating ? 'Update Template' : 'Save Template'}</Button>
      </DialogFooter>
    </form>
  );
}
