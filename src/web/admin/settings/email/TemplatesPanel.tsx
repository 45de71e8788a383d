import { useState } from 'react';
import { FileText, Pencil, Plus, Send } from 'lucide-react';
import { DEFAULT_TEMPLATE_KEYS, EMAIL_SETTINGS_TEXT, TEMPLATE_KEY_LABELS, type EmailTemplate } from '@shared/email-settings';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useEmailTemplates } from '@/lib/admin-email-settings';
import { useLoadFailureToast } from './EmailDomainsPanel';
import { TemplateDialog, type TemplateDialogMode } from './TemplateDialog';
import { TestEmailDialog } from './TestEmailDialog';

/** The store's emails in the order they happen (defaults' order), then the store's own keys; custom before default. */
function sortTemplates(list: EmailTemplate[]): EmailTemplate[] {
  const rank = (key: string) => {
    const i = (DEFAULT_TEMPLATE_KEYS as string[]).indexOf(key);
    return i === -1 ? DEFAULT_TEMPLATE_KEYS.length : i;
  };
  return [...list].sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key) || Number(a.tenant_id === null) - Number(b.tenant_id === null));
}

export const templateName = (key: string) => (TEMPLATE_KEY_LABELS as Record<string, string>)[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Templates: the platform's defaults and the store's own (spec §3: Custom when it has a tenant,
 * Default otherwise). A custom template with a default's key replaces it while active.
 */
export function TemplatesPanel() {
  const templates = useEmailTemplates();
  const [dialog, setDialog] = useState<TemplateDialogMode | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  useLoadFailureToast(templates.isError);
  const list = sortTemplates(templates.data ?? []);
  const customOf = (key: string) => list.find((c) => c.key === key && c.tenant_id !== null);
  const replaced = (t: EmailTemplate) => t.tenant_id === null && customOf(t.key)?.is_active === true;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="email-templates-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="email-templates-title" className="text-lg font-semibold">Email templates</h2>
          <p className="mt-1 max-w-2xl text-sm text-zinc-500">
            Defaults are what every store sends. Customise one to use your own words: your version replaces the default for your store while it is active.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start">
          <Button variant="outline" onClick={() => setTesting('order_confirmation')} disabled={!templates.data}>
            <Send aria-hidden /> Send Test Email
          </Button>
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden /> New Template
          </Button>
        </div>
      </div>

      {templates.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(templates.error, EMAIL_SETTINGS_TEXT.loadFailed)}</span>
          <Button size="sm" variant="outline" onClick={() => void templates.refetch()}>Try again</Button>
        </Alert>
      ) : templates.isPending ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Loading email templates">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-12" />)}
        </Card>
      ) : list.length === 0 ? (
        <EmptyState icon={FileText} title="No templates yet" action={<Button variant="outline" onClick={() => setDialog({ kind: 'create' })}><Plus aria-hidden /> New Template</Button>} />
      ) : (
        <Card className="divide-y divide-zinc-100 overflow-hidden">
          {list.map((t) => (
            <div key={t.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" role="group" aria-label={`${templateName(t.key)} (${t.tenant_id ? 'Custom' : 'Default'})`}>
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium">{templateName(t.key)}</p>
                  {t.tenant_id ? <Badge>Custom</Badge> : <Badge variant="secondary">Default</Badge>}
                  {!t.is_active ? <Badge variant="outline">Inactive</Badge> : null}
                  {replaced(t) ? <span className="text-xs text-zinc-500">Replaced by your custom template</span> : null}
                </div>
                <p className="mt-0.5 font-mono text-xs text-zinc-500">{t.key}</p>
                <p className="mt-1 truncate text-sm text-zinc-600" title={t.subject}>{t.subject}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="outline" size="sm" onClick={() => setTesting(t.key)} aria-label={`Send a test of ${templateName(t.key)}`}>
                  <Send aria-hidden /> Test
                </Button>
                {/* A default with a custom version already: that one (listed just above) is the one to edit. */}
                {t.tenant_id || !customOf(t.key) ? (
                  <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'edit', template: t })} aria-label={`${t.tenant_id ? 'Edit' : 'Customise'} ${templateName(t.key)}`}>
                    <Pencil aria-hidden /> {t.tenant_id ? 'Edit' : 'Customise'}
                  </Button>
                ) : null}
              </div>
            </div>
          ))}
        </Card>
      )}

      <TemplateDialog mode={dialog} onClose={() => setDialog(null)} />
      <TestEmailDialog templateKey={testing} keys={[...new Set(list.map((t) => t.key))]} onClose={() => setTesting(null)} />
    </section>
  );
}
