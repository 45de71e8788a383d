import { useRef, useState, type FormEvent } from 'react';
import { CHOOSE_REFUND_ITEMS, REFUND_REASON_MAX, refundInput, type AdminOrderDetail, type RefundInput } from '@shared/admin-orders';
import { formatOrderTotal } from '@shared/order-status';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOrderAction } from '@/lib/admin-orders';
import { RefundLines } from './RefundLines';
import { choiceLines, choiceValue, newRequestKey, restockByDefault, type LineChoice } from './refund-choice';

interface FormError {
  message: string;
  amount?: string;
  reason?: string;
  delivery?: string;
  /** By line id. */
  lines: Record<string, string>;
}

type Mode = 'amount' | 'items';

const toNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.trim()));

/**
 * Refund in full or in part through the payment provider (issue 6): an amount, or chosen items with a
 * "Put back in stock" choice each (issue 27), the amount then worked out from the order's prices and
 * only lowered by hand. Never more than is left: the server decides, and answers in its own words.
 */
export function RefundDialog({ order, open, onOpenChange }: { order: AdminOrderDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const action = useOrderAction(order.id);
  const money = (n: number) => formatOrderTotal(n, order.currency);
  const items = order.items ?? [];
  const [mode, setMode] = useState<Mode>('amount');
  const [amount, setAmount] = useState(order.refundable_amount.toFixed(2));
  const [choices, setChoices] = useState<Record<string, LineChoice>>(() => Object.fromEntries(items.map((l) => [l.id, { quantity: 0, restock: restockByDefault(order) }])));
  const [delivery, setDelivery] = useState(false);
  const [itemsAmount, setItemsAmount] = useState('0.00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  // The key of the last request and what it asked: sent again unchanged, it keeps its key (decision 011).
  const lastRequest = useRef<{ key: string; body: string } | null>(null);
  const canChooseItems = items.some((l) => l.refundable_quantity > 0) || order.delivery_refundable;

  const chosenValue = (next: Record<string, LineChoice>, withDelivery: boolean) => Math.min(choiceValue(order, next, withDelivery), order.refundable_amount);
  const choose = (lineId: string, choice: LineChoice) => {
    const next = { ...choices, [lineId]: choice };
    setChoices(next);
    setItemsAmount(chosenValue(next, delivery).toFixed(2));
    setError(null);
  };
  const chooseDelivery = (on: boolean) => {
    setDelivery(on);
    setItemsAmount(chosenValue(choices, on).toFixed(2));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim() ? { reason } : {};
    const sentLines = mode === 'items' ? choiceLines(order, choices) : [];
    if (mode === 'items' && sentLines.length === 0 && !delivery) {
      setError({ message: CHOOSE_REFUND_ITEMS, lines: {} });
      return;
    }
    const raw =
      mode === 'amount'
        ? { amount: toNumber(amount), ...text }
        : { lines: sentLines, ...(delivery ? { delivery: true } : {}), amount: toNumber(itemsAmount), ...text };
    // The route's own schema, so a slip is caught before the round trip, in its words; the server checks again.
    const checked = refundInput.safeParse(raw);
    if (!checked.success) {
      const first = (field: string) => checked.error.issues.find((issue) => issue.path[0] === field && issue.path.length === 1)?.message;
      setError({ message: checked.error.issues[0].message, amount: first('amount'), reason: first('reason'), lines: {} });
      return;
    }
    const asked = JSON.stringify(checked.data);
    if (lastRequest.current?.body !== asked) lastRequest.current = { key: newRequestKey(), body: asked };
    const body: RefundInput = { ...checked.data, key: lastRequest.current.key };
    setError(null);
    action.mutate(
      { kind: 'refunds', body },
      {
        onSuccess: () => {
          lastRequest.current = null;
          toast.success(`Refunded ${money(body.amount ?? 0)}`);
          onOpenChange(false);
          setReason('');
        },
        onError: (err) => {
          // A refusal made nothing under this key: the next try is a new request. A lost or unconfirmed
          // answer keeps it, so sending the same again can only find the refund already asked for.
          if (err instanceof ApiError && err.status < 500) lastRequest.current = null;
          const message = errorMessage(err, 'Failed to refund the order');
          const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
          const lines: Record<string, string> = {};
          for (const [key, text] of Object.entries(fields)) {
            const at = /^lines\.(\d+)\./.exec(key);
            const line = at ? sentLines[Number(at[1])] : undefined;
            if (line) lines[line.id] = text;
          }
          setError({ message, amount: fields.amount, reason: fields.reason, delivery: fields.delivery, lines });
        },
      },
    );
  };

  const amountNow = toNumber(mode === 'amount' ? amount : itemsAmount);
  const fieldShown = Boolean(error && (error.amount || error.reason || error.delivery || Object.keys(error.lines).length > 0));
  return (
    <Dialog open={open} onOpenChange={(next) => { onOpenChange(next); if (!next) setError(null); }}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Refund order {order.order_number}</DialogTitle>
            <DialogDescription>The money goes back to the customer&apos;s card through {order.payment.provider === 'stripe' ? 'Stripe' : 'the test gateway'}, and they are emailed.</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-3 gap-2 rounded-lg bg-zinc-50 p-3 text-sm">
            <div><dt className="text-zinc-500">Paid</dt><dd className="font-semibold tabular-nums">{money(order.paid_amount)}</dd></div>
            <div><dt className="text-zinc-500">Refunded</dt><dd className="font-semibold tabular-nums">{money(order.refunded_amount)}</dd></div>
            <div><dt className="text-zinc-500">Remaining</dt><dd className="font-semibold tabular-nums">{money(order.refundable_amount)}</dd></div>
          </dl>
          <Tabs value={mode} onValueChange={(next) => { setMode(next as Mode); setError(null); }}>
            <TabsList className="w-full">
              <TabsTrigger value="amount">By amount</TabsTrigger>
              <TabsTrigger value="items" disabled={!canChooseItems}>By item</TabsTrigger>
            </TabsList>
            <TabsContent value="amount" className="grid gap-4">
              <FormField label="Amount to refund (£)" error={error?.amount}>
                <Input inputMode="decimal" value={amount} onChange={(e) => { setAmount(e.target.value); setError(null); }} autoComplete="off" />
              </FormField>
            </TabsContent>
            <TabsContent value="items" className="grid gap-4">
              <RefundLines order={order} choices={choices} onChange={choose} errors={error?.lines ?? {}} money={money} />
              {order.delivery_refundable ? (
                <div className="grid gap-1">
                  <label className="flex w-fit items-center gap-2 text-sm text-zinc-700">
                    <input type="checkbox" className="size-4 rounded accent-indigo-600" checked={delivery} onChange={(e) => chooseDelivery(e.target.checked)} />
                    Refund delivery ({money(order.shipping_total)})
                  </label>
                  {error?.delivery ? <p className="text-xs text-red-600">{error.delivery}</p> : null}
                </div>
              ) : order.shipping_total > 0 ? (
                <p className="text-sm text-zinc-500">Delivery has been refunded.</p>
              ) : null}
              <FormField
                label="Amount to refund (£)"
                error={error?.amount}
                hint={`The chosen items come to ${money(choiceValue(order, choices, delivery))}. You can refund less, not more.`}
              >
                <Input inputMode="decimal" value={itemsAmount} onChange={(e) => { setItemsAmount(e.target.value); setError(null); }} autoComplete="off" />
              </FormField>
            </TabsContent>
          </Tabs>
          <FormField label="Reason (optional)" hint="Kept on the order's timeline and sent to the payment provider." error={error?.reason}>
            <Textarea value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} maxLength={REFUND_REASON_MAX} rows={2} />
          </FormField>
          {error && !fieldShown ? (
            <Alert variant="destructive">{error.message}</Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Close</Button>
            <Button type="submit" disabled={action.isPending}>
              {action.isPending ? 'Refunding…' : Number.isFinite(amountNow) && amountNow > 0 ? `Refund ${money(amountNow)}` : 'Refund'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
