import { Loader2, ShoppingCart, Zap } from 'lucide-react';
import type { ProductDetail, ProductVariant } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { useAddToCartFeedback, warnChooseOption } from '../cart/use-add-to-cart';
import { QuantityStepper } from './QuantityStepper';
import { variantLabel } from './VariantPicker';

interface BuyBoxProps {
  product: ProductDetail;
  variant: ProductVariant | null;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
}

/** Quantity, Add to cart and Buy Now (storefront spec §2, §4). Buy Now adds, then goes to checkout. */
export function BuyBox({ product, variant, quantity, onQuantityChange }: BuyBoxProps) {
  const { add, pending, pendingIntent } = useAddToCartFeedback();
  const needsVariant = product.product_variants.length > 0;
  // A product without variants sells as itself (spec §4); with variants the chosen one decides.
  const inStock = needsVariant ? (variant?.in_stock ?? true) : product.in_stock;

  const submit = (intent: 'cart' | 'buy') => {
    if (needsVariant && !variant) return warnChooseOption();
    add({ product_id: product.id, variant_id: variant?.id ?? null, quantity, name: product.name, option: variant ? variantLabel(variant) : undefined }, intent);
  };

  return (
    <div data-slot="buy-box" className="flex flex-wrap items-end gap-3 border-t border-zinc-200 pt-6">
      <QuantityStepper value={quantity} onChange={onQuantityChange} />
      <Button size="lg" className="min-w-40 flex-1" disabled={pending || !inStock} onClick={() => submit('cart')}>
        {pendingIntent === 'cart' ? <Loader2 className="animate-spin" aria-hidden /> : <ShoppingCart aria-hidden />}
        {!inStock ? 'Out of stock' : pendingIntent === 'cart' ? 'Adding…' : 'Add to cart'}
      </Button>
      <Button size="lg" variant="outline" className="min-w-40 flex-1 basis-full sm:basis-0" disabled={pending || !inStock} onClick={() => submit('buy')}>
        {pendingIntent === 'buy' ? <Loader2 className="animate-spin" aria-hidden /> : <Zap aria-hidden />}
        Buy Now
      </Button>
    </div>
  );
}
