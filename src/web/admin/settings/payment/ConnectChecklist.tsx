import { AlertCircle, CheckCircle2, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ChecklistItem, ChecklistStatus } from '@shared/payment-connect';

/** Spec §4 statuses: how each one looks. */
const STATUS: Record<ChecklistStatus, { label: string; variant: 'success' | 'warning' | 'secondary'; Icon: typeof CheckCircle2; tone: string }> = {
  complete: { label: 'Complete', variant: 'success', Icon: CheckCircle2, tone: 'text-emerald-600' },
  action_required: { label: 'Action required', variant: 'warning', Icon: AlertCircle, tone: 'text-amber-600' },
  pending: { label: 'Pending', variant: 'secondary', Icon: Clock, tone: 'text-zinc-400' },
};

/** The connection checklist: what the provider still needs, one line per step, with its hint. */
export function ConnectChecklist({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((i) => i.status === 'complete').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connection checklist</CardTitle>
        <CardDescription>{done} of {items.length} complete</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-zinc-100" aria-label="Connection checklist">
          {items.map((item) => {
            const s = STATUS[item.status];
            return (
              <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <s.Icon className={`mt-0.5 size-5 shrink-0 ${s.tone}`} aria-hidden />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="text-sm font-medium text-zinc-900">{item.label}</span>
                    <Badge variant={s.variant}>{s.label}</Badge>
                  </div>
                  <p className="mt-0.5 text-sm text-zinc-500">{item.hint}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
