import { ArrowUpRight, BadgeCheck, CreditCard, RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { providerName, readyText, type ConnectStatus } from '@shared/payment-connect';
import { cn } from '@/lib/utils';

interface Props {
  status: ConnectStatus;
  refreshing: boolean;
  connecting: boolean;
  onRefresh: () => void;
  onConnect: () => void;
}

function stateBadge(status: ConnectStatus) {
  if (status.connected) return <Badge variant="success">Connected</Badge>;
  if (!status.account) return <Badge variant="secondary">Not connected</Badge>;
  if (status.checklist.some((i) => i.status === 'action_required')) return <Badge variant="warning">Action required</Badge>;
  return <Badge variant="secondary">Pending review</Badge>;
}

/**
 * The card-payment Connect panel (admin spec §2): which account the store is paid into, whether it
 * is ready, and the two actions: Refresh status, and Connect (or Update details once connected),
 * which sends the browser to the provider's hosted onboarding.
 */
export function ConnectPanel({ status, refreshing, connecting, onRefresh, onConnect }: Props) {
  const provider = providerName(status.provider);
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <div className="grid size-11 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600" aria-hidden>
            <CreditCard className="size-5" />
          </div>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-base font-semibold">Card payments</h2>
              {stateBadge(status)}
              {status.provider === 'test' ? <Badge variant="outline" title="No real money is taken">Test mode</Badge> : null}
            </div>
            <p className="mt-1 text-sm text-zinc-500">
              {status.connected
                ? `Shoppers' card payments are paid into this store's own account with ${provider}.`
                : `Connect your store's own account with ${provider} so card payments are paid into it.`}
            </p>
            <dl className="mt-3 text-sm">
              <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Account reference</dt>
              <dd className={cn('mt-0.5 break-all', status.account ? 'font-mono text-zinc-900' : 'text-zinc-500')}>
                {status.account?.reference ?? 'No account yet'}
              </dd>
            </dl>
          </div>
        </div>
        {/* On a phone the main action comes first. */}
        <div className="flex shrink-0 flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden /> {refreshing ? 'Refreshing…' : 'Refresh status'}
          </Button>
          <Button onClick={onConnect} disabled={connecting} variant={status.connected ? 'outline' : 'default'}>
            {connecting ? 'Opening…' : status.connected ? 'Update details' : 'Connect'} <ArrowUpRight aria-hidden />
          </Button>
        </div>
      </div>
      {status.connected ? (
        <div className="flex items-center gap-2 border-t border-emerald-100 bg-emerald-50 px-5 py-3 text-sm font-medium text-emerald-800" role="status">
          <BadgeCheck className="size-4 shrink-0" aria-hidden /> {readyText(status.provider)}
        </div>
      ) : null}
    </Card>
  );
}
