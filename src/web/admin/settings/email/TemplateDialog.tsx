import { useLayoutEffect, useRef, useState } from 'react';
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
import { TemplatePreview } from './TemplatePreview';
import { VariablePicker } from './VariablePicker';
import { EmailBodyField, initialBodyMode, type BodyMode } from './EmailBodyField';
import type { RichTextHandle } from '../../rich-text/RichTextEditor';

/** Create a template, or edit one (spec §4: the key is locked in edit). Editing a default saves a custom copy. */
export type TemplateDialogMode = { kind: 'create' } | { kind: 'edit'; template: EmailTemplate };

export function TemplateDialog({ mode, onClose }: { mode: TemplateDialogMode | null; onClose: () => void }) {
  const template = mode?.kind === 'edit' ? mode.template : null;
  const customising = template !== null && template.tenant_id === null;
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* Header and buttons stay in view; the fields, variables and preview scroll between them. */}
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] max-w-7xl flex-col overflow-hidden">
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
  const values = useWatch({ control: form.control }) as TemplateFormValues;
  const key = values.key ?? '';
  const locked = template !== null;
  // A default is never changed: saving it creates the store's own (POST); a custom one is updated (PUT).
  const updating = template !== null && template.tenant_id !== null;

  // The body opens in the rich-text editor unless its HTML has markup the editor would drop.
  const [bodyMode, setBodyMode] = useState<BodyMode>(() => initialBodyMode(template?.html ?? ''));
  const editorHandle = useRef<RichTextHandle>(null);
  const htmlArea = useRef<HTMLTextAreaElement>(null);

  // Where a picked variable goes: the text field used last, at its cursor.
  const [lastField, setLastField] = useState<TextField>('html');
  const formRef = useRef<HTMLFormElement>(null);
  const htmlCaret = useRef<{ value: string; caret: number } | null>(null);
  const insert = (snippet: string) => {
    if (lastField === 'html' && bodyMode === 'rich' && editorHandle.current) return editorHandle.current.insertText(snippet);
    const el = lastField === 'html' ? htmlArea.current : (formRef.current?.elements.namedItem(lastField) as HTMLInputElement | HTMLTextAreaElement | null);
    const value = form.getValues(lastField);
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const caret = start + snippet.length;
    const next = value.slice(0, start) + snippet + value.slice(end);
    form.setValue(lastField, next, { shouldDirty: true });
    el?.focus();
    el?.setSelectionRange(caret, caret);
    // The body's text area is controlled: React writes its new value after this, so the cursor follows then.
    if (lastField === 'html') htmlCaret.current = { value: next, caret };
  };
  // The body's cursor after an insert, put in the commit that writes the new value, so nothing typed next
  // can land before it moves (an animation frame could come after the next keystrokes on a busy machine).
  useLayoutEffect(() => {
    const pending = htmlCaret.current;
    const area = htmlArea.current;
    if (!pending || !area || area.value !== pending.value) return;
    area.setSelectionRange(pending.caret, pending.caret);
    htmlCaret.current = null;
  });

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
    <form ref={formRef} onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="-mx-1 grid min-h-0 flex-1 gap-5 overflow-y-auto px-1 pb-1 lg:grid-cols-[minmax(0,1fr)_13rem_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-4">
          <FormField label="Key *" error={errors.key?.message} hint={locked ? 'The key says which email this is and cannot be changed.' : 'Lowercase letters, digits and underscores. Use a default’s key (such as order_confirmation) to replace it.'}>
            <Input autoComplete="off" spellCheck={false} className="font-mono" disabled={locked} placeholder="order_confirmation" {...form.register('key')} />
          </FormField>
          <FormField label="Subject *" error={errors.subject?.message}>
            <Input autoComplete="off" placeholder="{{shop_name}}: order {{order_number}} confirmed" {...form.register('subject')} onFocus={() => setLastField('subject')} />
          </FormField>
          <Controller
            control={form.control}
            name="html"
            render={({ field }) => (
              <EmailBodyField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onFocus={() => setLastField('html')}
                mode={bodyMode}
                onModeChange={setBodyMode}
                error={errors.html?.message}
                editorHandle={editorHandle}
                textareaRef={htmlArea}
              />
            )}
          />
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
        <TemplatePreview values={values} />
      </div>
      <DialogFooter className="border-t border-zinc-100 pt-4">
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : updating ? 'Update Template' : 'Save Template'}</Button>
      </DialogFooter>
    </form>
  );
}
