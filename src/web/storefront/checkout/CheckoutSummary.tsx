import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, ShoppingBag } from 'lucide-react';
import type { Cart } from '@shared/cart';
import { formatGBP } from '@shared/money';
import { cn } from '@/lib/utils';
import { LineItem } from '../components/LineItem';
import { cartFigures, OrderTotals } from '../components/OrderTotals';
import { DiscountCodeForm, FreeDeliveryHint } from '../cart/DiscountCodeForm';

/** The lines and totals as the server priced them; `busy` while a new delivery choice is being priced. */
function SummaryBody({ cart, busy }: { cart: Cart; busy: boolean }) {
  return (
    <div aria-busy={busy} className={cn('transition-opacity', busy && 'opacity-60')}>
      <ul aria-label="Items in your order" className="divide-y divide-zinc-200">
        {cart.items.map((item) => (
          <LineItem
            key={item.id}
            name={item.name}
            slug={item.slug}
            imageUrl={item.image_url}
            imageSize={item.image_size}
            options={item.variant_options}
            quantity={item.quantity}
            unitPrice={item.unit_price}
            total={item.line_total}
            warning={item.in_stock ? null : 'Not enough stock for this quantity'}
          />
        ))}
      </ul>
      <DiscountCodeForm cart={cart} className="mt-6 border-t border-zinc-200 pt-5" />
      <OrderTotals className="mt-5" figures={cartFigures(cart)} />
      <FreeDeliveryHint cart={cart} className="mt-4" />
    </div>
  );
}

/** Desktop: a card beside the form that stays in view while the shopper scrolls. */
export function CheckoutSummary({ cart, busy }: { cart: Cart; busy: boolean }) {
  return (
    <aside aria-labelledby="checkout-summary-title" className="hidden rounded-xl border border-zinc-200 bg-zinc-50/70 p-6 lg:sticky lg:top-32 lg:block lg:max-h-[calc(100vh-9rem)] lg:overflow-y-auto">
      <div className="mb-5 flex items-baseline justify-between gap-4">
        <h2 id="checkout-summary-title" className="text-lg font-semibold">Order summary</h2>
        <Link to="/cart" className="rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline">Edit cart</Link>
      </div>
      <SummaryBody cart={cart} busy={busy} />
    </aside>
  );
}

/** Phones: folded above the form, showing the total, so the form comes first but nothing is hidden for long. */
export function MobileCheckoutSummary({ cart, busy }: { cart: Cart; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Order summary" className="rounded-xl border border-zinc-200 bg-zinc-50/70 lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="checkout-summary-mobile"
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-3 rounded-xl px-4 py-3.5 text-left text-sm"
      >
        <ShoppingBag className="size-4 text-accent" aria-hidden />
        <span className="font-medium text-accent">{open ? 'Hide order summary' : 'Show order summary'}</span>
        <ChevronDown className={cn('size-4 text-accent transition-transform', open && 'rotate-180')} aria-hidden />
        <span className="ml-auto text-base font-semibold tabular-nums">{formatGBP(cart.total)}</span>
      </button>
      {open ? (
        <div id="checkout-summary-mobile" className="border-t border-zinc-200 px-4 py-5">
          <SummaryBody cart={cart} busy={busy} />
          <Link to="/cart" className="mt-4 inline-block rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline">Edit cart</Link>
        </div>
      ) : null}
    </section>
  );
}
