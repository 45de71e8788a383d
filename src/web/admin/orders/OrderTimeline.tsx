import { useState, type FormEvent } from 'react';
import { Banknote, CircleDot, Mail, MessageSquare, PackageCheck, RefreshCw, ShoppingBag, TriangleAlert, type LucideIcon } from 'lucide-react';
import { NOTE_MAX, orderNoteInput, type AdminOrderDetail, type OrderEventView } from '@shared/admin-orders';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOrderAction } from '@/lib/admin-orders';

const ICONS: Record<string, LucideIcon> = {
  placed: ShoppingBag,
  payment_started: Banknote,
  paid: Banknote,
  status_changed: PackageCheck,
  email_sent: Mail,
  refunded: RefreshCw,
  refund_failed: TriangleAlert,
  refund_unconfirmed: TriangleAlert,
  payment_failed: TriangleAlert,
  payment_expired: TriangleAlert,
  payment_mismatch: TriangleAlert,
  // A second payment (or a wrong amount) refunded automatically (decision 029).
  stray_payment: TriangleAlert,
  stray_payment_refunded: RefreshCw,
  stray_payment_refund_failed: TriangleAlert,
  stock_short: TriangleAlert,
  note: MessageSquare,
};

export const eventTimeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Everything that happened to the order, newest first, with who and when; internal notes are added here. */
export function OrderTimeline({ order }: { order: AdminOrderDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <NoteForm orderId={order.id} />
        <ol aria-label="Order timeline" className="grid gap-4">
          {order.events.map((event) => <TimelineEvent key={event.id} event={event} />)}
        </ol>
      </CardContent>
    </Card>
  );
}

function TimelineEvent({ event }: { event: OrderEventView }) {
  const Icon = ICONS[event.type] ?? CircleDot;
  const note = event.type === 'note';
  return (
    <li className="flex gap-3">
      <span className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${note ? 'bg-amber-50 text-amber-700' : 'bg-zinc-100 text-zinc-600'}`}>
        <Icon className="size-3.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        {note ? (
          <p className="rounded-md bg-amber-50/60 px-3 py-2 text-sm whitespace-pre-wrap break-words text-zinc-900">{event.message}</p>
        ) : (
          <p className="text-sm wrap-anywhere text-zinc-900">{event.message}</p>
        )}
        <p className="mt-0.5 text-xs text-zinc-500">
          {note ? 'Internal note · ' : ''}
          {event.actor_email ?? (event.type === 'placed' ? 'Customer' : 'System')} · <time dateTime={event.created_at}>{eventTimeFormat.format(new Date(event.created_at))}</time>
        </p>
      </div>
    </li>
  );
}

function NoteForm({ orderId }: { orderId: string }) {
  const action = useOrderAction(orderId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema: a blank note is refused here, in its words, before the round trip.
    const checked = orderNoteInput.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    action.mutate(
      { kind: 'notes', body: checked.data },
      {
        onSuccess: () => {
          setBody('');
          setError(null);
          toast.success('Note added');
        },
        onError: (err) => setError(err instanceof ApiError && err.fields.body ? err.fields.body : errorMessage(err, 'Failed to add the note')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 print:hidden">
      <label htmlFor="order-note" className="text-sm font-medium">Internal note</label>
      <Textarea
        id="order-note"
        value={body}
        onChange={(e) => { setBody(e.target.value); setError(null); }}
        maxLength={NOTE_MAX}
        rows={2}
        placeholder="Only your team sees this"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'order-note-error' : undefined}
      />
      <div className="flex items-center justify-between gap-3">
        {error ? <p id="order-note-error" className="text-xs text-red-600">{error}</p> : <span className="text-xs text-zinc-400">{body.length}/{NOTE_MAX}</span>}
        <Button type="submit" size="sm" variant="outline" disabled={action.isPending}>{action.isPending ? 'Adding…' : 'Add note'}</Button>
      </div>
    </form>
  );
}
