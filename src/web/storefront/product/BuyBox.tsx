import { Clock, Loader2, ShoppingCart, Zap } from 'lucide-react';
import { fewLeftText, isFewLeft, maxQuantity, type ProductDetail, type ProductVariant } from '@shared/catalog';
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

/**
 * Quantity, Add to cart and Buy Now (storefront spec §2, §4). Buy Now adds, then goes to checkout. The
 * quantity stops at the stock left, which shows as 'Only N left' when few remain (decision 010).
 */
export function BuyBox({ product, variant, quantity, onQuantityChange }: BuyBoxProps) {
  const { add, pending, pendingIntent } = useAddToCartFeedback();
  const needsVariant = product.product_variants.length > 0;
  // A product without variants sells as itself (spec §4); with variants the chosen one decides.
  const inStock = needsVariant ? (variant?.in_stock ?? true) : product.in_stock;
  const available = needsVariant ? (variant?.stock_available ?? null) : product.stock_available;
  const max = Math.max(1, maxQuantity(available));
  // Stock may have fallen since the quantity was chosen (the page was read again): never offer more.
  const count = Math.min(quantity, max);

  const submit = (intent: 'cart' | 'buy') => {
    if (needsVariant && !variant) return warnChooseOption();
    add({ product_id: product.id, variant_id: variant?.id ?? null, quantity: count, name: product.name, option: variant ? variantLabel(variant) : undefined, slug: product.slug }, intent);
  };

  return (
    <div data-slot="buy-box" className="flex flex-wrap items-end gap-3 border-t border-zinc-200 pt-6">
      {inStock && isFewLeft(available) ? (
        <p className="flex basis-full items-center gap-1.5 text-sm font-medium text-amber-700">
          <Clock className="size-4" aria-hidden />
          {fewLeftText(available)}
        </p>
      ) : null}
      <QuantityStepper value={count} onChange={onQuantityChange} max={max} disabled={!inStock} />
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
