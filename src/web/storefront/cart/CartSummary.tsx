import { useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import type { Cart } from '@shared/cart';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cartFigures, OrderTotals } from '../components/OrderTotals';
import { CART_TEXT } from './cart-text';
import { DiscountCodeForm, FreeDeliveryHint } from './DiscountCodeForm';

/**
 * Order summary (storefront spec §2 Cart): the server's figures through the same OrderTotals as checkout
 * and the order pages (discount and tax only above 0, shipping 'Free' at 0 under the method's name, the
 * VAT inside the total). Without a cart yet (loading) the figures are skeletons and checkout waits.
 * A shop without delivery options cannot take the order, so checkout is not offered at all.
 */
export function CartSummary({ cart, busy, notTakingOrders = false }: { cart: Cart | undefined; busy?: boolean; notTakingOrders?: boolean }) {
  const navigate = useNavigate();
  const empty = !cart || cart.items.length === 0;
  // Checkout would refuse a line over its stock (409): wait here until the shopper has changed it.
  const overStock = cart?.items.some((item) => !item.in_stock) ?? false;
  return (
    <section aria-labelledby="order-summary" className="rounded-xl border border-zinc-200 bg-zinc-50/70 p-5 sm:p-6 lg:sticky lg:top-36">
      <h2 id="order-summary" className="text-lg font-semibold tracking-tight">Order summary</h2>
      {cart ? (
        <>
          {cart.items.length > 0 ? <DiscountCodeForm cart={cart} className="mt-5" /> : null}
          <OrderTotals className="mt-5" figures={cartFigures(cart)} />
          <FreeDeliveryHint cart={cart} className="mt-4" />
        </>
      ) : (
        <div className="mt-5 grid gap-3" aria-hidden>
          {[0, 1, 2].map((n) => (
            <div key={n} className="flex justify-between gap-4">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-4 w-14" />
            </div>
          ))}
        </div>
      )}
      {notTakingOrders ? (
        <p className="mt-6 rounded-md border border-dashed border-zinc-300 px-3 py-2.5 text-center text-sm text-zinc-600">{CART_TEXT.noCheckout}</p>
      ) : (
        <Button size="lg" className="mt-6 w-full" disabled={empty || busy || overStock} aria-describedby={overStock ? 'cart-over-stock' : undefined} onClick={() => void navigate('/checkout')}>
          <Lock aria-hidden />
          {CART_TEXT.checkout}
        </Button>
      )}
      {notTakingOrders ? null : overStock ? (
        <p id="cart-over-stock" role="status" className="mt-3 text-center text-xs font-medium text-red-700">{CART_TEXT.overStock}</p>
      ) : (
        <p className="mt-3 text-center text-xs text-zinc-500">Choose your delivery option and pay securely at checkout.</p>
      )}
    </section>
  );
}
