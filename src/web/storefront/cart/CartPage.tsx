import { Link } from 'react-router';
import { ArrowLeft, ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCart, useCartChanging, useShippingMethods } from '@/lib/cart';
import { LoadError } from '../components/LoadError';
import { NotTakingOrders } from '../checkout/NotTakingOrders';
import { shippingAvailability } from '../checkout/shipping-availability';
import { useDocumentTitle } from '../store-context';
import { CartLine } from './CartLine';
import { CartSummary } from './CartSummary';
import { CART_TEXT } from './cart-text';
import { RestoreNotice } from './RestoreNotice';

/**
 * /cart (storefront spec §2 Cart). Also where the payment page sends a shopper who cancels, so it
 * stands on its own: everything comes from GET /api/cart on load.
 */
export function CartPage() {
  useDocumentTitle('Cart');
  const cart = useCart();
  const changing = useCartChanging();
  const count = cart.data?.item_count ?? 0;
  // An answered empty list of delivery options: checkout would be refused, so it is not offered.
  const noDelivery = shippingAvailability(useShippingMethods(), cart.data?.shipping_total ?? null).kind === 'none';

  let body;
  if (cart.data && cart.data.items.length === 0) {
    body = (
      <div className="mt-8">
        <EmptyState
          icon={ShoppingCart}
          title={CART_TEXT.empty}
          action={
            <Button asChild className="mt-2">
              <Link to="/products">{CART_TEXT.browse}</Link>
            </Button>
          }
        >
          Find something you love and it will wait for you here.
        </EmptyState>
      </div>
    );
  } else if (cart.isError && !cart.data) {
    body = (
      <div className="mt-8">
        <LoadError title="Unable to load your cart" error={cart.error} fallback={CART_TEXT.addFailedBody} onRetry={() => void cart.refetch()} />
      </div>
    );
  } else {
    body = (
      <>
        {noDelivery ? <NotTakingOrders className="mt-6" /> : null}
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-12">
          <section aria-labelledby="cart-items">
            <h2 id="cart-items" className="sr-only">Items in your cart</h2>
            {cart.data ? (
              <ul aria-label="Items in your cart" className="divide-y divide-zinc-200 border-y border-zinc-200">
                {cart.data.items.map((item) => <CartLine key={item.id} item={item} />)}
              </ul>
            ) : (
              <CartLinesSkeleton />
            )}
            <Link to="/products" className="mt-6 inline-flex items-center gap-2 rounded-sm text-sm font-medium text-zinc-600 hover:text-zinc-900">
              <ArrowLeft className="size-4" aria-hidden />
              Continue shopping
            </Link>
          </section>
          <CartSummary cart={cart.data} busy={changing || cart.isPending} notTakingOrders={noDelivery} />
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your cart</h1>
        {count > 0 ? <p className="text-zinc-500">{count === 1 ? '1 item' : `${count} items`}</p> : null}
      </div>
      <RestoreNotice />
      {body}
    </div>
  );
}

function CartLinesSkeleton() {
  return (
    <div role="status" aria-label="Loading your cart" className="divide-y divide-zinc-200 border-y border-zinc-200">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-4 py-6 sm:gap-6">
          <Skeleton className="size-20 shrink-0 rounded-lg sm:size-28" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="flex justify-between gap-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-14" />
            </div>
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-3 w-20" />
            <Skeleton className="mt-auto h-9 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
