import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDashboardQuickWins } from '@/lib/admin-dashboard';
import { DASHBOARD_WINS } from '@shared/dashboard';
import type { QuickWinImpact } from '@shared/ai';

/** Spec §2: HIGH, MED or otherwise, shown as 'X IMPACT'. */
const IMPACT: Record<QuickWinImpact, { label: string; variant: BadgeProps['variant'] }> = {
  high: { label: 'HIGH IMPACT', variant: 'destructive' },
  med: { label: 'MED IMPACT', variant: 'warning' },
  low: { label: 'LOW IMPACT', variant: 'secondary' },
};

/**
 * Admin spec §2 "Quick Wins": shown only when there are any (so not while loading, and not when they
 * cannot be loaded: the KPI cards carry the page's error), at most 3, each opening the thing to fix.
 */
export function QuickWinsPanel() {
  const query = useDashboardQuickWins(true);
  const wins = (query.data?.wins ?? []).slice(0, DASHBOARD_WINS);
  if (wins.length === 0) return null;
  return (
    <Card aria-labelledby="quick-wins-title">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id="quick-wins-title">Quick Wins</CardTitle>
        <Badge variant="default"><Sparkles className="size-3" aria-hidden /> Powered</Badge>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-zinc-100">
          {wins.map((win) => {
            const impact = IMPACT[win.impact] ?? IMPACT.low;
            return (
              <li key={win.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="quick-win">
                <div className="min-w-0">
                  <Badge variant={impact.variant}>{impact.label}</Badge>
                  <p className="mt-1.5 text-sm font-medium break-words">{win.title}</p>
                  <p className="text-sm text-zinc-500 break-words">{win.cta}</p>
                </div>
                {win.href ? (
                  <Button asChild size="sm" variant="outline" className="shrink-0 self-start sm:self-center">
                    <Link to={win.href}>Fix Now <ArrowRight aria-hidden /></Link>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
