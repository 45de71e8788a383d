import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useCart, useChooseShipping, useShippingMethods } from '@/lib/cart';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { StatusScreen } from '../components/StatusScreen';
import { useDocumentTitle } from '../store-context';
import { CheckoutForm } from './CheckoutForm';
import { CheckoutSummary, MobileCheckoutSummary } from './CheckoutSummary';
import { NotTakingOrders } from './NotTakingOrders';
import { shippingAvailability } from './shipping-availability';

/** /checkout (storefront spec §2): the form beside the server-priced summary. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const cart = useCart();
  const choose = useChooseShipping();
  const methods = useShippingMethods();

  if (cart.isPending) return <CheckoutSkeleton />;
  if (cart.isError) {
    return (
      <StatusScreen
        icon={AlertTriangle}
        title="Unable to load your cart"
        action={
          <>
            <Button onClick={() => void cart.refetch()}><RotateCw aria-hidden /> Try again</Button>
            <Button variant="outline" asChild><Link to="/cart">Back to cart</Link></Button>
          </>
        }
      >
        {errorMessage(cart.error, 'Something went wrong. Please try again.')}
      </StatusScreen>
    );
  }
  if (cart.data.items.length === 0) return <EmptyCartRedirect />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Cart', to: '/cart' }, { label: 'Checkout' }]} />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">Checkout</h1>
      {shippingAvailability(methods, cart.data.shipping_total).kind === 'none' ? <NotTakingOrders className="mt-6" /> : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
        <MobileCheckoutSummary cart={cart.data} busy={choose.isPending} />
        <CheckoutForm cart={cart.data} choose={choose} />
        <CheckoutSummary cart={cart.data} busy={choose.isPending} />
      </div>
    </div>
  );
}

/** Storefront spec §2: an empty cart has nothing to check out, so the shopper goes home. */
function EmptyCartRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.message('Your cart is empty', { id: 'checkout-empty', description: 'Add something to your cart, then check out.' });
    void navigate('/', { replace: true });
  }, [navigate]);
  return null;
}

function CheckoutSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10" aria-busy="true">
      <span className="sr-only" role="status">Loading checkout</span>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-6 h-9 w-48" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <div className="grid gap-6">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
        <Skeleton className="hidden h-96 rounded-xl lg:block" />
      </div>
    </div>
  );
}
