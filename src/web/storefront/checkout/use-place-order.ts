import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useResetCart } from '@/lib/cart';
import { applyServerFieldErrors } from '@/lib/forms';
import { useCheckout } from '@/lib/orders';
import type { CheckoutInput } from '@shared/checkout-schemas';
import { CHECKOUT_FIELDS, type CheckoutValues } from './checkout-form';

// Storefront spec §8.
export const CHECKOUT_ERROR = 'Checkout Error';
export const CHECKOUT_FALLBACK = 'Something went wrong. Please try again.';
const CART_PROBLEMS = new Set<string>(['out_of_stock', 'order_too_large', 'order_free', 'discount_refused']);

/**
 * Submits the checkout and sends the browser to the payment page. While the browser is leaving, the
 * button stays busy; coming back with the Back button (from the back-forward cache) frees it again.
 */
export function usePlaceOrder(form: UseFormReturn<CheckoutValues, unknown, CheckoutInput>, shippingMethodId: string | null) {
  const checkout = useCheckout();
  const resetCart = useResetCart();
  const [redirecting, setRedirecting] = useState(false);
  // A 409: some lines ran short, the order is over the card limit (or comes to nothing), or its discount
  // code no longer applies. Shown beside the button with a way back to the cart.
  const [cartProblem, setCartProblem] = useState<string | null>(null);

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // The body arrives checked and cleaned by the checkout schema (the form's resolver); the cart's method is added here.
  const submit = form.handleSubmit(async (body) => {
    setCartProblem(null);
    try {
      const { url } = await checkout.mutateAsync(shippingMethodId ? { ...body, shipping_method_id: shippingMethodId } : body);
      setRedirecting(true);
      window.location.assign(url);
    } catch (error) {
      const message = errorMessage(error, CHECKOUT_FALLBACK);
      if (applyServerFieldErrors(error, form.setError, CHECKOUT_FIELDS)) {
        const first = CHECKOUT_FIELDS.find((field) => form.getFieldState(field).error);
        if (first) form.setFocus(first);
      }
      if (error instanceof ApiError && CART_PROBLEMS.has(error.code)) setCartProblem(message);
      // Stock or an emptied cart: the cart on screen is stale. An empty one takes the shopper home.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) void resetCart();
      toast.error(CHECKOUT_ERROR, { description: message, id: 'checkout-error' });
    }
  });

  return { submit, busy: checkout.isPending || redirecting, redirecting, cartProblem };
}
