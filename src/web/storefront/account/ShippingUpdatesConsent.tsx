import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useStore } from '../store-context';

// Loaded on its own, after the page: the widget and its push code are not in the page's bundle.
const PushConsent = lazy(() => import('@/components/push/PushConsent'));

/**
 * The storefront's push consent widget (compact, with a details toggle) for a signed-in shopper: the
 * store's shipping notices for their orders arrive on this device. A guest's browser would not be
 * tied to any order, so it is not offered to guests.
 */
export function ShippingUpdatesConsent({ className }: { className?: string }) {
  const store = useStore();
  const signedIn = Boolean(useSession().data?.user);
  if (!signedIn) return null;
  return (
    <Suspense fallback={<div className={cn('h-[62px] rounded-xl border border-zinc-200 bg-white', className)} aria-hidden />}>
      <PushConsent
        kind="customer"
        mode="compact"
        className={className}
        title="Shipping updates"
        description={`Get a notification on this device when ${store.name} ships one of your orders. You can turn it off here at any time.`}
      />
    </Suspense>
  );
}
