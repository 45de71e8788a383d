import { useMemo } from 'react';
import { AlertCircle, Eye } from 'lucide-react';
import { emailTemplateBody, EMAIL_SETTINGS_LIMITS, EMAIL_SETTINGS_TEXT, TEMPLATE_KEY_PATTERN, type EmailTemplateBody } from '@shared/email-settings';
import { templateProblem } from '@shared/email-template-syntax';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useEmailTemplatePreview } from '@/lib/admin-email-settings';
import { useDebounced } from '@/lib/use-debounced';
import type { TemplateFormValues } from './template-form';

/** What can be previewed now, or why not: the same checks a save makes, without marking the form. */
export function previewBody(values: TemplateFormValues): { body: EmailTemplateBody } | { reason: string } {
  // A key still being typed (or not valid yet) previews with the variables any custom key offers.
  const typedKey = values.key.trim();
  const usable = TEMPLATE_KEY_PATTERN.test(typedKey) && typedKey.length <= EMAIL_SETTINGS_LIMITS.key;
  const parsed = emailTemplateBody.safeParse({ ...values, key: usable ? typedKey : 'preview' });
  if (!parsed.success) {
    const required = parsed.error.issues.some((i) => i.message === EMAIL_SETTINGS_TEXT.templateRequired);
    return { reason: required ? 'The preview appears once the subject and HTML content are filled in.' : parsed.error.issues[0].message };
  }
  for (const field of ['subject', 'html', 'text'] as const) {
    const source = parsed.data[field];
    const problem = source ? templateProblem(source, parsed.data.key) : null;
    if (problem) return { reason: problem };
  }
  const { key, subject, html, text } = parsed.data;
  return { body: { key, subject, html, text } };
}

/**
 * The template editor's live preview: what a customer would receive, filled with the sample order
 * (TEST-001) in the store's email layout, made by the server a moment after typing stops. Shown in a
 * sandbox with no scripts and no same-origin access, like the outbox.
 */
export function TemplatePreview({ values }: { values: TemplateFormValues }) {
  const typed = JSON.stringify([values.key ?? '', values.subject ?? '', values.html ?? '', values.text ?? '']);
  const settledTyped = useDebounced(typed, 400);
  const settled = useMemo(() => {
    const [key, subject, html, text] = JSON.parse(settledTyped) as string[];
    return previewBody({ key, subject, html, text, is_active: true });
  }, [settledTyped]);
  const body = 'body' in settled ? settled.body : null;
  const preview = useEmailTemplatePreview(body);
  // Typing ahead of the debounce: the last picture stays, marked as updating.
  const catchingUp = typed !== settledTyped || preview.isFetching;

  return (
    <section aria-label="Live preview" className="flex min-h-0 min-w-0 flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <div className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-xs text-zinc-500">
        <Eye className="size-3.5 shrink-0" aria-hidden />
        <span className="font-medium text-zinc-700">Live preview</span>
        <span className="truncate">with the sample order TEST-001</span>
        {catchingUp && body ? <Spinner className="ml-auto size-3.5 shrink-0" label="Updating preview" /> : null}
      </div>
      {'reason' in settled ? (
        <PreviewNote>{settled.reason}</PreviewNote>
      ) : preview.isError && !preview.data ? (
        <PreviewNote error>{errorMessage(preview.error, EMAIL_SETTINGS_TEXT.previewFailed)}</PreviewNote>
      ) : !preview.data ? (
        <div className="grid gap-3 p-4" aria-busy="true" aria-label="Loading preview">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <>
          <p className="truncate border-b border-zinc-100 px-3 py-2 text-sm" title={preview.data.subject}>
            <span className="text-zinc-500">Subject: </span>
            <span className="font-medium text-zinc-900" data-testid="preview-subject">{preview.data.subject}</span>
          </p>
          {preview.isError ? <PreviewNote error>{errorMessage(preview.error, EMAIL_SETTINGS_TEXT.previewFailed)}</PreviewNote> : null}
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.data.html}
            className="min-h-72 w-full flex-1 bg-white"
          />
        </>
      )}
    </section>
  );
}

function PreviewNote({ children, error = false }: { children: string; error?: boolean }) {
  return (
    <p className={`flex items-start gap-2 px-4 py-6 text-sm ${error ? 'text-red-700' : 'text-zinc-500'}`} role={error ? 'alert' : undefined}>
      {error ? <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> : null}
      <span>{children}</span>
    </p>
  );
}
