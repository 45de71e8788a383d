import { useState } from 'react';
import { PackageX, TriangleAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { shippingCost, type Cart } from '@shared/cart';
import { formatGBP } from '@shared/money';
import { deliveryEstimate } from '@shared/orders';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useChooseShipping, useShippingMethods } from '@/lib/cart';
import { cn } from '@/lib/utils';
import { shippingAvailability } from './shipping-availability';

export { SHIPPING_LOAD_FAILED } from './shipping-availability';

/**
 * Delivery options as radio cards. Choosing one asks the server to price the cart with it; the
 * summary then shows the server's figures, never a client-side sum.
 */
export function ShippingMethods({ cart, choose }: { cart: Cart; choose: ReturnType<typeof useChooseShipping> }) {
  const methods = useShippingMethods();
  // While the server prices the new choice, show it chosen already; on failure the cart's own choice
  // returns. Local state, not the mutation's, so the radio is checked in the same render as the click
  // (a controlled radio left unchecked for a frame snaps back and the click looks ignored).
  const [choosing, setChoosing] = useState<string | null>(null);
  const selected = choosing ?? cart.shipping_selection?.shipping_method_id;

  const availability = shippingAvailability(methods, cart.shipping_total);

  if (availability.kind === 'loading') {
    return (
      <div className="grid gap-3" aria-hidden>
        <Skeleton className="h-[4.5rem] rounded-lg" />
        <Skeleton className="h-[4.5rem] rounded-lg" />
      </div>
    );
  }
  if (availability.kind === 'failed') {
    return (
      <Alert variant="warning">
        <TriangleAlert aria-hidden />
        <span>{availability.message}</span>
      </Alert>
    );
  }
  // No delivery options: the page's notice says the shop is not taking orders; here, why nothing can be chosen.
  if (availability.kind === 'none' || !methods.data) {
    return (
      <p className="flex items-start gap-3 rounded-lg border border-dashed border-zinc-300 p-4 text-sm text-zinc-600">
        <PackageX className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />
        <span>There are no delivery options to choose from yet.</span>
      </p>
    );
  }

  const pick = (id: string) => {
    if (id === selected) return;
    setChoosing(id);
    choose.mutate(id, {
      // The cart query already holds the server's answer here (the hook's onSuccess runs first).
      onSettled: () => setChoosing((current) => (current === id ? null : current)),
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not change the delivery option. Please try again.') }),
    });
  };

  return (
    <div role="radiogroup" aria-label="Shipping method" className="grid gap-3">
      {methods.data.map((method) => {
        const cost = shippingCost(method, cart.sub_total);
        const checked = method.id === selected;
        return (
          <label
            key={method.id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500',
              checked ? 'border-accent bg-accent-soft/60 ring-1 ring-accent' : 'border-zinc-300 hover:border-zinc-400',
            )}
          >
            <input
              type="radio"
              name="shipping_method"
              value={method.id}
              checked={checked}
              onChange={() => pick(method.id)}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span className="text-sm font-medium text-zinc-900">{method.name}</span>{' '}
                <span className="text-sm text-zinc-600">{deliveryEstimate(method)}</span>
              </span>
              {method.description ? <span className="mt-0.5 block text-sm text-zinc-500">{method.description}</span> : null}
              {method.free_over !== null && cost > 0 ? (
                <span className="mt-0.5 block text-xs text-zinc-500">Free on orders over {formatGBP(method.free_over).replace(/\.00$/, '')}</span>
              ) : null}
            </span>
            <span className={cn('shrink-0 text-sm font-semibold tabular-nums', cost === 0 ? 'text-emerald-700' : 'text-zinc-900')}>
              {cost === 0 ? 'Free' : formatGBP(cost)}
            </span>
          </label>
        );
      })}
    </div>
  );
}
