import type { UseFormSetError } from 'react-hook-form';
import { EMAIL_SETTINGS_TEXT, emailTemplateBody, type EmailTemplate, type EmailTemplateBody } from '@shared/email-settings';
import { missingRequiredVariable, templateProblem } from '@shared/email-template-syntax';

export interface TemplateFormValues {
  key: string;
  subject: string;
  html: string;
  text: string;
  is_active: boolean;
}
export const TEMPLATE_FIELDS = ['key', 'subject', 'html', 'text', 'is_active'] as const;

export function templateFormValues(template: EmailTemplate | null): TemplateFormValues {
  return { key: template?.key ?? '', subject: template?.subject ?? '', html: template?.html ?? '', text: template?.text ?? '', is_active: template?.is_active ?? true };
}

/**
 * The body to send, or null after putting the problems on the form: spec §5's one message when key,
 * subject or HTML is empty (answered as the form's own error), then field checks, then each field's
 * {{variables}} against the key, as the server checks them.
 */
export function templateBodyFrom(values: TemplateFormValues, setError: UseFormSetError<TemplateFormValues>): { body: EmailTemplateBody } | { formError: string } | null {
  const parsed = emailTemplateBody.safeParse(values);
  if (!parsed.success) {
    const required = parsed.error.issues.filter((i) => i.message === EMAIL_SETTINGS_TEXT.templateRequired);
    if (required.length) {
      for (const issue of required) setError(issue.path[0] as keyof TemplateFormValues, { type: 'required' });
      return { formError: EMAIL_SETTINGS_TEXT.templateRequired };
    }
    for (const issue of parsed.error.issues) setError(issue.path[0] as keyof TemplateFormValues, { type: 'validate', message: issue.message });
    return null;
  }
  let ok = true;
  for (const field of ['subject', 'html', 'text'] as const) {
    const source = parsed.data[field];
    const problem = source ? (templateProblem(source, parsed.data.key) ?? (field === 'subject' ? null : missingRequiredVariable(source, parsed.data.key))) : null;
    if (problem) {
      setError(field, { type: 'validate', message: problem });
      ok = false;
    }
  }
  return ok ? { body: { key: parsed.data.key, subject: parsed.data.subject, html: parsed.data.html, text: parsed.data.text, is_active: parsed.data.is_active } } : null;
}
