import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useAddToCart } from '@/lib/cart';
import { useReloadProduct } from '@/lib/catalog';
import { CART_TEXT } from './cart-text';

export interface AddRequest {
  product_id: string;
  variant_id: string | null;
  quantity: number;
  /** For the toast: the product's name, and the chosen option when there is one. */
  name: string;
  option?: string;
  /** The product page's slug: its copy of the stock is read again when the server says fewer are left. */
  slug?: string;
}

type Intent = 'cart' | 'buy';

/**
 * Add to cart with the spec's feedback (§4, §5, §8). Each button owns one of these, so "disabled while
 * pending" holds for that product only. 'buy' goes on to /checkout instead of showing the toast.
 */
export function useAddToCartFeedback() {
  const mutation = useAddToCart();
  const reloadProduct = useReloadProduct();
  const navigate = useNavigate();
  const [intent, setIntent] = useState<Intent>('cart');

  const add = (request: AddRequest, nextIntent: Intent = 'cart') => {
    setIntent(nextIntent);
    const { product_id, variant_id, quantity } = request;
    mutation.mutate(
      { product_id, variant_id, quantity },
      {
        onSuccess: () => {
          if (nextIntent === 'buy') return void navigate('/checkout');
          const what = request.option ? `${request.name} (${request.option})` : request.name;
          toast.success(CART_TEXT.added, {
            description: quantity > 1 ? `${quantity} × ${what}` : what,
            action: { label: CART_TEXT.viewCart, onClick: () => void navigate('/cart') },
          });
        },
        onError: (error) => {
          // Fewer left than the page showed: read the product again, so its stepper and 'Only N left' catch up.
          if (error instanceof ApiError && error.code === 'out_of_stock' && request.slug) reloadProduct(request.slug).catch(() => undefined);
          // The server's 400 for a missing variant says which field: give it the spec's title too.
          const title = error instanceof ApiError && error.fields.variant_id ? CART_TEXT.chooseTitle : CART_TEXT.addFailedTitle;
          toast.error(title, { description: errorMessage(error, CART_TEXT.addFailedBody) });
        },
      },
    );
  };

  return { add, pending: mutation.isPending, pendingIntent: mutation.isPending ? intent : null };
}

/** Spec §5: a product sold in variants cannot be added without one. */
export function warnChooseOption() {
  toast.error(CART_TEXT.chooseTitle, { description: CART_TEXT.chooseBody });
}
