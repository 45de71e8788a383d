import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@shared/catalog';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { Price, salePriceOf } from './Price';
import { ProductImage, type ImagePriority } from './ProductImage';
import { StarRating } from './StarRating';

export type ProductLayout = 'grid' | 'list';

/**
 * One product in a grid or list: picture, name, brand, price, rating, stock. The whole card is the link.
 * An optional action (an add-to-cart button) sits at the foot, above the card's link.
 */
// The grid's columns (ProductGrid: 2, 3 from md, 4 from lg in max-w-6xl), or the list's picture.
const GRID_SIZES = '(min-width: 1024px) 260px, (min-width: 768px) 33vw, 50vw';

export function ProductCard({ product, layout = 'grid', action, priority }: { product: ProductCardData; layout?: ProductLayout; action?: ReactNode; priority?: ImagePriority }) {
  const onSale = salePriceOf(product.price, product.sale_price) !== null;
  const list = layout === 'list';
  return (
    <article className={cn('group relative flex', list ? 'gap-4 rounded-xl border border-zinc-200 p-3 sm:gap-6 sm:p-4' : 'h-full flex-col')}>
      <div className={cn('relative shrink-0 overflow-hidden rounded-xl bg-zinc-50', list ? 'size-28 sm:size-40' : 'aspect-square w-full')}>
        <ProductImage image={product.image} fallbackAlt={product.name} priority={priority} sizes={list ? '160px' : GRID_SIZES} className="size-full transition-transform duration-300 group-hover:scale-[1.03]" />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {!product.in_stock ? <Badge variant="secondary" className="bg-white/90 text-zinc-700 shadow-xs">Out of stock</Badge> : null}
          {onSale && product.in_stock ? <Badge variant="destructive" className="bg-red-600 text-white">Sale</Badge> : null}
        </div>
      </div>
      <div className={cn('flex min-w-0 flex-1 flex-col', list ? 'justify-center gap-1.5' : 'gap-1 pt-3')}>
        {product.brand ? <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{product.brand}</p> : null}
        <h3 className={cn('font-medium text-zinc-900', list ? 'text-base sm:text-lg' : 'line-clamp-2 text-sm sm:text-base')}>
          {/* The stretched link makes the whole card clickable while the accessible name stays the product's. */}
          <Link to={`/p/${product.slug}`} className="rounded-sm after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-500">
            {product.name}
          </Link>
        </h3>
        {product.review_count > 0 && product.average_rating !== null ? (
          <p className="flex items-center gap-1.5 text-xs text-zinc-500">
            <StarRating rating={product.average_rating} />
            <span>
              ({product.review_count}
              <span className="sr-only"> {product.review_count === 1 ? 'review' : 'reviews'}</span>)
            </span>
          </p>
        ) : null}
        <Price price={product.price} salePrice={product.sale_price} className="mt-0.5" />
        {/* mt-auto keeps the buttons of a row of cards level whatever the length of the names above. */}
        {action ? <div className="mt-auto pt-3">{action}</div> : null}
      </div>
    </article>
  );
}
