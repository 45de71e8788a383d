import { Link } from 'react-router';
import { emailKindLabel } from '@shared/emails';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useOrderEmails } from '@/lib/admin-orders';
import { eventTimeFormat } from './OrderTimeline';

/** The messages this order's customer was sent, each opening in the Emails screen. */
export function OrderEmails({ orderId }: { orderId: string }) {
  const emails = useOrderEmails(orderId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Emails</CardTitle>
      </CardHeader>
      <CardContent>
        {emails.isError ? (
          <p className="text-sm text-red-700">{errorMessage(emails.error, 'Failed to load emails')}</p>
        ) : emails.isPending ? (
          <Skeleton className="h-12" />
        ) : emails.data.emails.length === 0 ? (
          <p className="text-sm text-zinc-500">No emails sent for this order yet.</p>
        ) : (
          <ul aria-label="Emails for this order" className="grid gap-2">
            {emails.data.emails.map((m) => (
              <li key={m.id}>
                <Link to={`/admin/emails/${m.id}`} className="block rounded-md border border-zinc-200 px-3 py-2 hover:bg-zinc-50">
                  <span className="block text-sm font-medium text-zinc-900">{emailKindLabel(m.kind)}</span>
                  <span className="block text-xs text-zinc-500">{eventTimeFormat.format(new Date(m.created_at))} · {m.to}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
