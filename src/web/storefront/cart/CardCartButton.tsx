import { Link } from 'react-router';
import { Loader2, ShoppingCart, SlidersHorizontal } from 'lucide-react';
import type { ProductCard } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { useAddToCartFeedback } from './use-add-to-cart';

/**
 * A product card's add-to-cart button (spec §2, 'You might also like'). A product sold in variants
 * cannot be added without one, so its button opens the product page to choose rather than failing.
 * The accessible name adds the product's: four cards side by side each say 'Add to cart'.
 */
export function CardCartButton({ product }: { product: ProductCard }) {
  const { add, pending } = useAddToCartFeedback();
  const named = (text: string) => `${text}: ${product.name}`;
  const shape = 'relative z-10 w-full';

  if (product.has_variants) {
    return (
      <Button asChild variant="outline" size="sm" className={shape}>
        <Link to={`/p/${product.slug}`} aria-label={named('Choose options')}>
          <SlidersHorizontal aria-hidden />
          Choose options
        </Link>
      </Button>
    );
  }
  if (!product.in_stock) {
    return (
      <Button variant="outline" size="sm" className={shape} disabled aria-label={named('Out of stock')}>
        Out of stock
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className={shape}
      disabled={pending}
      aria-label={named(pending ? 'Adding…' : 'Add to cart')}
      onClick={() => add({ product_id: product.id, variant_id: null, quantity: 1, name: product.name })}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : <ShoppingCart aria-hidden />}
      {pending ? 'Adding…' : 'Add to cart'}
    </Button>
  );
}
