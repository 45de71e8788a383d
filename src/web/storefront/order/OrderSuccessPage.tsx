import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, CreditCard, PackageSearch, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useResetCart } from '@/lib/cart';
import { useOrderLookup } from '@/lib/orders';
import { StatusScreen } from '../components/StatusScreen';
import { isNotFound } from '../not-found';
import { useDocumentTitle } from '../store-context';
import { OrderConfirmation } from './OrderConfirmation';
import { isOrderPlaced, isPaymentAbandoned } from './order-status';

// Storefront spec §2 (Order success).
export const ORDER_PENDING_TEXT = 'Order details will be available shortly...';

/** /order/success?session_id= (back from the pay page) or ?order_number=. */
export function OrderSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const orderNumber = params.get('order_number')?.trim() ?? '';
  const lookup = useOrderLookup(sessionId ? 'session_id' : 'order_number', sessionId || orderNumber);
  const order = lookup.data;
  const placed = order ? isOrderPlaced(order) : false;
  const missing = (!sessionId && !orderNumber) || isNotFound(lookup.error);
  useDocumentTitle(placed ? 'Order confirmed' : missing ? 'Order not found' : 'Your order');

  // Storefront spec §4: the cart is cleared on arrival. The server empties it once the payment is in,
  // which may be a moment later, so the cached cart is dropped again when the order shows as paid.
  const resetCart = useResetCart();
  useEffect(() => {
    void resetCart();
  }, [placed, resetCart]);

  if (order && placed) return <OrderConfirmation order={order} />;
  if (order && isPaymentAbandoned(order)) {
    return (
      <StatusScreen icon={CreditCard} title="Payment not completed" action={<><Button asChild><Link to="/cart">Return to cart</Link></Button><Button variant="outline" asChild><Link to="/">Continue Shopping</Link></Button></>}>
        Order {order.order_number} was not paid, so it has not been placed. Your cart is kept: you can check out again whenever you are ready.
      </StatusScreen>
    );
  }
  if (missing) {
    return (
      <StatusScreen icon={PackageSearch} title="Order not found" action={<><Button asChild><Link to="/">Continue Shopping</Link></Button><Button variant="outline" asChild><Link to="/my-orders">View My Orders</Link></Button></>}>
        We could not find this order. If you have just paid, your confirmation email has the details, and signed-in shoppers can see every order in My orders.
      </StatusScreen>
    );
  }
  if (lookup.isError) {
    return (
      <StatusScreen icon={AlertTriangle} title="Unable to load your order" action={<Button onClick={() => void lookup.refetch()}><RotateCw aria-hidden /> Try again</Button>}>
        {errorMessage(lookup.error, 'Something went wrong. Please try again.')}
      </StatusScreen>
    );
  }
  return <OrderPending />;
}

/** Still loading, or back from paying before the payment provider has told the shop: the hook polls. */
function OrderPending() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center sm:px-6" aria-live="polite">
      <Spinner className="size-10 text-accent" label="Waiting for your order" />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Thank you!</h1>
      <p className="max-w-md text-zinc-600">{ORDER_PENDING_TEXT}</p>
      <p className="max-w-md text-sm text-zinc-500">We are confirming your payment. This page updates by itself, usually within a few seconds.</p>
    </div>
  );
}
