import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { CHECKOUT_RECOVERY_TEXT } from '@shared/checkout-recovery';
import type { DashboardKpis } from '@shared/dashboard';
import { formatGBP } from '@shared/money';
import { Card, CardContent } from '@/components/ui/card';

/**
 * "Recovered checkouts" (issue 28, decision 048): checkouts paid after a recovery email in the last 30
 * days and what they came to. Shown while the setting is on or once any email was sent (the KPIs say).
 */
export function RecoveredCheckouts({ figures }: { figures: NonNullable<DashboardKpis['recovered_checkouts']> }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between" aria-label={CHECKOUT_RECOVERY_TEXT.dashboardTitle} role="group">
        <div className="flex items-start gap-3">
          <span className="rounded-md bg-indigo-50 p-2 text-indigo-600"><MailCheck className="size-4" aria-hidden /></span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-zinc-600">{CHECKOUT_RECOVERY_TEXT.dashboardTitle}</p>
            <p className="mt-0.5 text-lg font-semibold tracking-tight tabular-nums" data-testid="recovered-checkouts">
              {figures.count === 1 ? '1 checkout' : `${figures.count} checkouts`} · {formatGBP(figures.revenue)}
            </p>
            <p className="text-xs text-zinc-500">{CHECKOUT_RECOVERY_TEXT.dashboardNote}</p>
          </div>
        </div>
        <Link to="/admin/settings?tab=email&email=recovery" className="self-start text-sm font-medium text-indigo-700 hover:underline sm:self-center">Recovery emails</Link>
      </CardContent>
    </Card>
  );
}
