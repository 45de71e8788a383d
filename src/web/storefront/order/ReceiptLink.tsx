import type { ReactNode } from 'react';
import { FileDown } from 'lucide-react';
import type { OrderSummary } from '@shared/orders';
import { formatGBP } from '@shared/money';
import { cn } from '@/lib/utils';

/**
 * Download the order's receipt (issue 25): a VAT receipt when the store charged VAT, saying how much
 * of the total was VAT; a plain receipt otherwise. A link to the PDF the server draws, on this host,
 * so the browser's own cart cookie or session proves the order is the shopper's.
 */
export function ReceiptLink({
  order,
  className,
  showVat = true,
  lead,
}: {
  order: Pick<OrderSummary, 'receipt_url' | 'invoice_number' | 'vat_included' | 'vat_breakdown'>;
  className?: string;
  /** Off where the totals above already say how much VAT the order includes. */
  showVat?: boolean;
  /** Shown on the left instead of the VAT line (My orders: the way to the order's page). */
  lead?: ReactNode;
}) {
  if (!order.receipt_url) return null;
  const vat = order.vat_breakdown.length > 0;
  return (
    <p className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm', className)}>
      {lead ?? (vat && showVat ? <span className="text-zinc-500">Includes {formatGBP(order.vat_included)} VAT</span> : <span />)}
      <a href={order.receipt_url} download className="inline-flex items-center gap-1.5 font-medium text-zinc-900 underline-offset-4 hover:underline">
        <FileDown aria-hidden className="size-4" />
        {vat ? 'Download VAT receipt' : 'Download receipt'}
        <span className="sr-only"> {order.invoice_number}</span>
      </a>
    </p>
  );
}
