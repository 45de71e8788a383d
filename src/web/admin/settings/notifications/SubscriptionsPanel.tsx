import type { UseQueryResult } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { PUSH_TEXT, SUBSCRIPTION_LIST_LIMIT } from '@shared/push';
import type { PushSubscriptionList } from '@shared/push-schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { describeDevice, pushServiceOf } from './device';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Subscriptions: every device that agreed to this store's pushes, newest first. */
export function SubscriptionsPanel({ subscriptions }: { subscriptions: UseQueryResult<PushSubscriptionList> }) {
  if (subscriptions.isError) {
    return (
      <Alert variant="destructive">
        <span className="flex-1">{errorMessage(subscriptions.error, PUSH_TEXT.loadFailed)}</span>
        <Button size="sm" variant="outline" onClick={() => void subscriptions.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (subscriptions.isPending) {
    return (
      <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Loading subscriptions">
        {[0, 1, 2].map((i) => <Skeleton key={i} className="h-10" />)}
      </Card>
    );
  }
  const { subscriptions: rows, counts, total } = subscriptions.data;
  if (!rows.length) {
    return (
      <EmptyState icon={BellRing} title="No subscriptions yet">
        Devices appear here once someone enables push notifications, in Setup for your team or on your storefront for customers.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-zinc-500">
        Staff: {counts.staff} · Customers: {counts.customer}
        {total > rows.length ? ` · showing the newest ${SUBSCRIPTION_LIST_LIMIT}` : ''}
      </p>
      <Card className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Kind</TableHead>
              <TableHead>Device</TableHead>
              <TableHead>Push service</TableHead>
              <TableHead>Subscribed</TableHead>
              <TableHead>Last seen</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.id}>
                <TableCell><Badge variant={s.kind === 'staff' ? 'default' : 'secondary'}>{s.kind === 'staff' ? 'Staff' : 'Customer'}</Badge></TableCell>
                <TableCell className="font-medium" title={s.user_agent ?? undefined}>{describeDevice(s.user_agent)}</TableCell>
                <TableCell className="text-zinc-600">{pushServiceOf(s.endpoint)}</TableCell>
                <TableCell className="whitespace-nowrap text-zinc-600">{when.format(new Date(s.created_at))}</TableCell>
                <TableCell className="whitespace-nowrap text-zinc-600">{when.format(new Date(s.last_seen_at))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
