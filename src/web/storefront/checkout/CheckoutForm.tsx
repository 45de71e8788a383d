import { useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { CreditCard, Loader2, Lock, PackageX } from 'lucide-react';
import type { Cart } from '@shared/cart';
import type { CheckoutInput } from '@shared/checkout-schemas';
import { formatGBP } from '@shared/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSession } from '@/lib/auth';
import { useShippingMethods, type useChooseShipping } from '@/lib/cart';
import { AddressFields } from './AddressFields';
import { SavedAddressPicker } from './SavedAddressPicker';
import { CheckoutSection } from './CheckoutSection';
import { checkoutForm, emptyCheckout, type CheckoutValues } from './checkout-form';
import { ShippingMethods } from './ShippingMethods';
import { shippingAvailability } from './shipping-availability';
import { usePlaceOrder } from './use-place-order';

/**
 * Storefront spec §2 (Checkout): contact, shipping address, shipping method, payment. Each field is
 * checked on leaving it with the route's own schema (POST /api/checkout), in the server's words.
 */
export function CheckoutForm({ cart, choose }: { cart: Cart; choose: ReturnType<typeof useChooseShipping> }) {
  const form = useForm<CheckoutValues, unknown, CheckoutInput>({ defaultValues: emptyCheckout(), mode: 'onTouched', resolver: zodResolver(checkoutForm) });
  const { register, formState, control, getValues, setValue } = form;
  const session = useSession();
  const signedInEmail = session.data?.user?.email ?? null;
  const place = usePlaceOrder(form, cart.shipping_selection?.shipping_method_id ?? null);
  const billingSame = useWatch({ control, name: 'billingSameAsShipping' });
  // No delivery options: the server would refuse the order (409 no_shipping), so Pay is not offered.
  const noDelivery = shippingAvailability(useShippingMethods(), cart.shipping_total).kind === 'none';

  // A signed-in shopper's email is filled in for them, unless they already typed one.
  useEffect(() => {
    if (signedInEmail && !getValues('contact.email')) setValue('contact.email', signedInEmail);
  }, [signedInEmail, getValues, setValue]);

  return (
    <FormProvider {...form}>
      <form onSubmit={place.submit} noValidate aria-label="Checkout" className="grid gap-6">
        <CheckoutSection
          step={1}
          title="Contact"
          description="For your order confirmation and delivery updates."
          aside={
            session.data && !session.data.user ? (
              <p className="text-sm text-zinc-500">
                Have an account?{' '}
                <Link to="/login?redirect=%2Fcheckout" className="rounded-sm font-medium text-accent underline-offset-4 hover:underline">Log in</Link>
              </p>
            ) : null
          }
        >
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <FormField label="Email" error={formState.errors.contact?.email?.message}>
              <Input type="email" autoComplete="email" inputMode="email" maxLength={254} placeholder="you@example.co.uk" {...register('contact.email')} />
            </FormField>
            <FormField label="Phone (optional)" error={formState.errors.contact?.phone?.message} hint="Only used if the courier needs to reach you.">
              <Input type="tel" autoComplete="tel" maxLength={40} {...register('contact.phone')} />
            </FormField>
          </div>
        </CheckoutSection>

        <CheckoutSection step={2} title="Shipping address">
          <SavedAddressPicker signedIn={Boolean(session.data?.user)} />
          <AddressFields prefix="shippingAddress" />
        </CheckoutSection>

        <CheckoutSection step={3} title="Shipping method">
          <ShippingMethods cart={cart} choose={choose} />
        </CheckoutSection>

        <CheckoutSection step={4} title="Payment">
          <div className="grid gap-5">
            <div className="flex gap-3 rounded-lg bg-zinc-50 p-4 text-sm text-zinc-600">
              <CreditCard className="mt-0.5 size-5 shrink-0 text-zinc-500" aria-hidden />
              <p>
                When you select Pay, we'll take you to a secure card payment page to enter your card details, then bring you back here to
                see your order confirmation. Your card details are never shared with or stored by this shop.
              </p>
            </div>

            <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-zinc-800">
              <input type="checkbox" className="size-4 rounded accent-indigo-600" {...register('billingSameAsShipping')} />
              Billing address same as shipping address
            </label>
            {billingSame ? null : (
              <div role="group" aria-label="Billing address" className="grid gap-4 rounded-lg border border-zinc-200 p-4 sm:p-5">
                <h3 className="text-sm font-semibold text-zinc-900">Billing address</h3>
                <AddressFields prefix="billingAddress" />
              </div>
            )}

            {place.cartProblem ? (
              <Alert variant="destructive">
                <PackageX aria-hidden />
                <div>
                  <p>{place.cartProblem}</p>
                  <Link to="/cart" className="mt-1 inline-block font-medium underline underline-offset-4">Back to your cart</Link>
                </div>
              </Alert>
            ) : null}

            <Button type="submit" size="lg" className="h-12 w-full" disabled={place.busy || choose.isPending || noDelivery}>
              {place.busy ? <Loader2 className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
              {place.redirecting ? 'Taking you to payment...' : place.busy ? 'Preparing your order...' : `Pay ${formatGBP(cart.total)}`}
            </Button>
            <p className="-mt-2 text-center text-xs text-zinc-500">
              {noDelivery ? 'Orders cannot be placed until the shop adds a delivery option.' : `${cart.vat_breakdown.length > 0 ? 'Prices include VAT. ' : ''}You can review your order on the payment page before paying.`}
            </p>
          </div>
        </CheckoutSection>
      </form>
    </FormProvider>
  );
}
