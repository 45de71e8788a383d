import type { ProductDetail, ProductVariant } from '@shared/catalog';
import { formatGBP } from '@shared/money';
import { Badge } from '@/components/ui/badge';
import { Price, salePriceOf } from '../components/Price';
import { StarRating, formatRating } from '../components/StarRating';
import { BuyBox } from './BuyBox';
import { Reassurance } from './Reassurance';
import { VariantPicker } from './VariantPicker';

interface ProductSummaryProps {
  product: ProductDetail;
  variant: ProductVariant | null;
  onSelectVariant: (id: string) => void;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  onShowReviews: () => void;
}

/** The column beside the pictures: what it is, what it costs, which one, how many. */
export function ProductSummary({ product, variant, onSelectVariant, quantity, onQuantityChange, onShowReviews }: ProductSummaryProps) {
  // A chosen variant has its own SKU, price and stock; a product without variants sells as itself.
  const selling = variant ?? product;
  const sale = salePriceOf(selling.price, selling.sale_price);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{product.name}</h1>
        {product.brand ? <p className="mt-2 text-zinc-600">by {product.brand}</p> : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Badge variant="outline">SKU: {selling.sku}</Badge>
          {selling.in_stock ? <Badge variant="success">In Stock</Badge> : <Badge variant="destructive">Out of Stock</Badge>}
          {product.review_count > 0 && product.average_rating !== null ? (
            <button type="button" onClick={onShowReviews} className="ml-1 inline-flex items-center gap-1.5 rounded-sm text-sm text-zinc-600 hover:text-zinc-900 hover:underline underline-offset-4">
              <StarRating rating={product.average_rating} />
              {formatRating(product.average_rating)} ({product.review_count} {product.review_count === 1 ? 'review' : 'reviews'})
            </button>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Price price={selling.price} salePrice={selling.sale_price} size="lg" />
        {sale !== null ? <Badge variant="destructive" className="text-sm">Save {formatGBP(selling.price - sale)}</Badge> : null}
      </div>

      {product.product_variants.length > 0 ? (
        <VariantPicker variants={product.product_variants} selectedId={variant?.id} onSelect={onSelectVariant} />
      ) : null}

      {product.description ? <p className="leading-relaxed whitespace-pre-line text-zinc-700">{product.description}</p> : null}

      {product.bullets.length > 0 ? (
        <div>
          <h2 className="text-sm font-medium text-zinc-900">Key features</h2>
          <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-sm text-zinc-700 marker:text-zinc-400">
            {product.bullets.map((bullet, index) => <li key={index}>{bullet}</li>)}
          </ul>
        </div>
      ) : null}

      <BuyBox product={product} variant={variant} quantity={quantity} onQuantityChange={onQuantityChange} />

      <Reassurance />
    </div>
  );
}
