import type { AdminOrderDetail } from '@shared/admin-orders';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/select';
import type { LineChoice } from './refund-choice';

/**
 * The lines of a refund by item (issue 27): per line how many units to refund (0 to what is left of
 * it) and whether they go back in stock. A line refunded in full says so and cannot be chosen again.
 */
export function RefundLines({
  order,
  choices,
  onChange,
  errors,
  money,
}: {
  order: AdminOrderDetail;
  choices: Record<string, LineChoice>;
  onChange: (lineId: string, choice: LineChoice) => void;
  /** Messages by line id, from the server (or the schema). */
  errors: Record<string, string>;
  money: (pounds: number) => string;
}) {
  return (
    <ul aria-label="Items to refund" className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 px-3">
      {order.items.map((line) => {
        const choice = choices[line.id] ?? { quantity: 0, restock: false };
        const pending = line.quantity - line.refunded_quantity - line.refundable_quantity;
        const done = line.refundable_quantity === 0;
        const error = errors[line.id];
        const facts = [`${line.quantity} × ${money(line.unit_price)}`];
        if (line.refunded_quantity > 0) facts.push(`${line.refunded_quantity} refunded`);
        if (pending > 0) facts.push(`${pending} being refunded`);
        return (
          <li key={line.id} className="flex items-start gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className={done ? 'text-sm font-medium text-zinc-500' : 'text-sm font-medium text-zinc-900'}>{line.product_name}</p>
              {line.variant_options.length > 0 ? <p className="text-xs text-zinc-600">{line.variant_options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p> : null}
              <p className="text-xs text-zinc-500 tabular-nums">{facts.join(' · ')}</p>
              {done ? null : (
                <label className="mt-2 flex w-fit items-center gap-2 text-sm text-zinc-700">
                  <input
                    type="checkbox"
                    className="size-4 rounded accent-indigo-600"
                    checked={choice.quantity > 0 && choice.restock}
                    disabled={choice.quantity === 0}
                    onChange={(e) => onChange(line.id, { ...choice, restock: e.target.checked })}
                  />
                  Put back in stock
                </label>
              )}
              {error ? <p className="mt-1 text-xs text-red-600">{error}</p> : null}
            </div>
            {done ? (
              <Badge variant="secondary">Refunded</Badge>
            ) : (
              <div className="w-20 shrink-0">
                <Select
                  aria-label={`Quantity of ${line.product_name} to refund`}
                  aria-invalid={error ? true : undefined}
                  value={String(choice.quantity)}
                  onChange={(e) => onChange(line.id, { ...choice, quantity: Number(e.target.value) })}
                >
                  {Array.from({ length: line.refundable_quantity + 1 }, (_, n) => (
                    <option key={n} value={n}>{n}</option>
                  ))}
                </Select>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
