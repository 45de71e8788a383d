import { Link } from 'react-router';
import { AlertTriangle, Loader2, LockKeyhole, Package, RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { useMyOrders } from '@/lib/orders';
import { LoadError } from '../components/LoadError';
import { StatusScreen } from '../components/StatusScreen';
import { useDocumentTitle } from '../store-context';
import { useErrorToast } from '../use-error-toast';
import { ClaimOrdersForm } from './ClaimOrdersForm';
import { OrderCard } from './OrderCard';
import { ShippingUpdatesConsent } from './ShippingUpdatesConsent';
import { useClaimLink } from './use-claim-link';
import { useLoginHref } from '../use-login-href';

// Storefront spec §8.
export const ORDERS_LOAD_FAILED = 'Failed to load orders';

/** /my-orders (storefront spec §2): the signed-in shopper's orders in this store. */
export function MyOrdersPage() {
  useDocumentTitle('My orders');
  const loginHref = useLoginHref();
  const session = useSession();
  const user = session.data?.user ?? null;
  const { token, confirm } = useClaimLink(Boolean(user));
  // With a claim link in the address the list waits for the claim: read while it runs, the list would
  // miss the orders it adds (a refetch asked for during a first load joins that load, not a new one).
  const orders = useMyOrders(Boolean(user) && !token);
  useErrorToast(orders.isError ? orders.error : null, ORDERS_LOAD_FAILED, 'orders-load');

  if (session.isPending) return <OrdersSkeleton />;
  if (session.isError) {
    return (
      <StatusScreen icon={AlertTriangle} title="Unable to load your account" action={<Button onClick={() => void session.refetch()}><RotateCw aria-hidden /> Try again</Button>}>
        {errorMessage(session.error, 'Something went wrong. Please try again.')}
      </StatusScreen>
    );
  }
  if (!user) {
    // After signing in, back here with the same query, so an emailed claim link still works.
    return (
      <StatusScreen icon={LockKeyhole} title="Access Your Orders" action={<Button asChild size="lg"><Link to={loginHref}>Log In</Link></Button>}>
        {token ? 'Log in to add your earlier orders to your account.' : 'Log in to see your orders, their status and what was in each one.'}
      </StatusScreen>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">My orders</h1>
        <p className="mt-2 break-words text-zinc-600">
          Signed in as {user.email} ·{' '}
          <Link to="/account" className="font-medium text-accent underline-offset-4 hover:underline">Account settings</Link>
        </p>
      </header>
      <ShippingUpdatesConsent className="mt-6" />
      <div className="mt-8 grid gap-4">
        {confirm.isPending ? (
          <Alert>
            <Loader2 className="animate-spin" aria-hidden />
            <span>Adding your earlier orders to your account...</span>
          </Alert>
        ) : null}
        {confirm.isError ? (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden />
            <span>{errorMessage(confirm.error, 'Failed to claim orders')}</span>
          </Alert>
        ) : null}
        <OrdersList orders={orders} />
      </div>
    </div>
  );
}

function OrdersList({ orders }: { orders: ReturnType<typeof useMyOrders> }) {
  if (orders.isPending) return <OrdersSkeleton inline />;
  if (orders.isError) return <LoadError title={ORDERS_LOAD_FAILED} error={orders.error} fallback="Please try again in a moment." onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-5 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-zinc-100">
          <Package className="size-6 text-zinc-500" aria-hidden />
        </div>
        <div className="max-w-md">
          <h2 className="text-lg font-semibold">No orders yet</h2>
          <p className="mt-1 text-sm text-zinc-500">
            Ordered before without signing in? Enter the email you used and we'll send you a link to add those orders to your account.
          </p>
        </div>
        <ClaimOrdersForm />
        <Button variant="link" asChild><Link to="/products">Browse products</Link></Button>
      </div>
    );
  }
  return (
    <ul aria-label="Orders" className="grid gap-4">
      {orders.data.map((order) => (
        <li key={order.order_number}><OrderCard order={order} /></li>
      ))}
    </ul>
  );
}

function OrdersSkeleton({ inline = false }: { inline?: boolean }) {
  const cards = (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only" role="status">Loading your orders</span>
      {[0, 1].map((i) => <Skeleton key={i} className="h-40 rounded-xl" />)}
    </div>
  );
  if (inline) return cards;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Skeleton className="h-10 w-56" />
      <Skeleton className="mt-3 h-5 w-72" />
      <div className="mt-8">{cards}</div>
    </div>
  );
}
