import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileText, Pencil, Plus } from 'lucide-react';
import { PUSH_TEXT } from '@shared/push';
import type { PushTemplate } from '@shared/push-schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { TemplateDialog } from './TemplateDialog';
import { pushTemplateName } from './template-names';

/** Templates: the platform defaults and the store's own (Custom), each opened in the template dialog. */
export function TemplatesPanel({ templates }: { templates: UseQueryResult<PushTemplate[]> }) {
  const [editing, setEditing] = useState<PushTemplate | null>(null);
  const [open, setOpen] = useState(false);
  const start = (template: PushTemplate | null) => {
    setEditing(template);
    setOpen(true);
  };
  const rows = templates.data ?? [];
  // A key the store has its own template for: the default of that key is not in use.
  const ownKeys = new Set(rows.filter((t) => t.tenant_id !== null).map((t) => t.key));

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-zinc-500">What each notification says. Use <code className="rounded bg-zinc-100 px-1">{'{{order_number}}'}</code>, <code className="rounded bg-zinc-100 px-1">{'{{customer_name}}'}</code>, <code className="rounded bg-zinc-100 px-1">{'{{total_amount}}'}</code> and <code className="rounded bg-zinc-100 px-1">{'{{store_name}}'}</code>.</p>
        <Button className="self-start" onClick={() => start(null)}><Plus aria-hidden /> New template</Button>
      </div>
      {templates.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(templates.error, PUSH_TEXT.loadFailed)}</span>
          <Button size="sm" variant="outline" onClick={() => void templates.refetch()}>Try again</Button>
        </Alert>
      ) : templates.isPending ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Loading templates">
          {[0, 1].map((i) => <Skeleton key={i} className="h-16" />)}
        </Card>
      ) : rows.length === 0 ? (
        <EmptyState icon={FileText} title="No templates yet" action={<Button onClick={() => start(null)}>New template</Button>} />
      ) : (
        <ul aria-label="Push templates" className="grid gap-3">
          {rows.map((t) => {
            const replaced = t.tenant_id === null && ownKeys.has(t.key);
            return (
              <li key={t.id}>
                <Card className={replaced ? 'opacity-60' : undefined}>
                  <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="text-sm font-semibold text-zinc-900">{pushTemplateName(t.key)}</p>
                        <Badge variant={t.tenant_id ? 'default' : 'outline'}>{t.tenant_id ? 'Custom' : 'Default'}</Badge>
                        {t.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
                        {replaced ? <span className="text-xs text-zinc-500">Replaced by your custom template</span> : null}
                      </div>
                      <p className="mt-0.5 font-mono text-xs text-zinc-500">{t.key}</p>
                      <p className="mt-2 truncate text-sm font-medium text-zinc-900">{t.title}</p>
                      <p className="line-clamp-2 text-sm text-zinc-600">{t.body}</p>
                      {t.url ? <p className="mt-1 truncate text-xs text-zinc-500">Opens {t.url}</p> : null}
                    </div>
                    <Button variant="outline" size="sm" onClick={() => start(t)} aria-label={`Edit ${pushTemplateName(t.key)} (${t.tenant_id ? 'custom' : 'default'})`}>
                      <Pencil aria-hidden /> Edit
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <TemplateDialog open={open} onOpenChange={setOpen} template={editing} />
    </div>
  );
}
