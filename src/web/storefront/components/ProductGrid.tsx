import type { ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '@shared/catalog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ProductCard, type ProductLayout } from './ProductCard';

interface ProductGridProps {
  products: ProductCardData[] | undefined;
  /** True while the first page is loading: skeleton cards stand in for the products. */
  loading?: boolean;
  skeletonCount?: number;
  layout?: ProductLayout;
  /** Dims the products while the next page or sort replaces them (the old ones stay on screen). */
  stale?: boolean;
  label?: string;
  /** An action under each card (the related products' add-to-cart button); other grids have none. */
  cardAction?: (product: ProductCardData) => ReactNode;
  /** The grid is the first thing on its page: its first row's pictures load at once, not lazily. */
  firstView?: boolean;
}

/** The most cards a row holds (lg:grid-cols-4). */
const FIRST_ROW = 4;

function gridClass(layout: ProductLayout) {
  return layout === 'list' ? 'grid gap-4' : 'grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4';
}

export function ProductGrid({ products, loading, skeletonCount = 8, layout = 'grid', stale, label, cardAction, firstView }: ProductGridProps) {
  if (loading || !products) return <ProductGridSkeleton count={skeletonCount} layout={layout} />;
  return (
    <ul aria-label={label} aria-busy={stale || undefined} className={cn(gridClass(layout), 'transition-opacity', stale && 'opacity-60')}>
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <div className="w-full">
            <ProductCard product={product} layout={layout} action={cardAction?.(product)} priority={firstView && index < FIRST_ROW ? 'eager' : 'lazy'} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8, layout = 'grid' }: { count?: number; layout?: ProductLayout }) {
  return (
    <div role="status" aria-label="Loading products" className={gridClass(layout)}>
      {Array.from({ length: count }, (_, i) =>
        layout === 'list' ? (
          <div key={i} className="flex gap-4 rounded-xl border border-zinc-200 p-3 sm:gap-6 sm:p-4">
            <Skeleton className="size-28 shrink-0 rounded-xl sm:size-40" />
            <div className="flex flex-1 flex-col justify-center gap-2">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-16" />
            </div>
          </div>
        ) : (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="aspect-square w-full rounded-xl" />
            <Skeleton className="mt-1 h-3 w-16" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-14" />
          </div>
        ),
      )}
    </div>
  );
}
