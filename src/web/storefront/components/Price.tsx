import { formatGBP } from '@shared/money';
import { cn } from '@/lib/utils';

/** The sale price when it is really lower than the price; a sale price at or above it is ignored. */
export function salePriceOf(price: number, salePrice: number | null): number | null {
  return salePrice !== null && salePrice < price ? salePrice : null;
}

/** A price in pounds; on sale, the sale price first and the original struck through after it. */
export function Price({ price, salePrice, className, size = 'md' }: { price: number; salePrice: number | null; className?: string; size?: 'md' | 'lg' }) {
  const sale = salePriceOf(price, salePrice);
  const main = size === 'lg' ? 'text-3xl font-semibold tracking-tight' : 'text-base font-semibold';
  const struck = size === 'lg' ? 'text-lg' : 'text-sm';
  if (sale === null) return <span className={cn(main, 'text-zinc-900', className)}>{formatGBP(price)}</span>;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn(main, 'text-red-700')}>
        <span className="sr-only">Sale price </span>
        {formatGBP(sale)}
      </span>
      <s className={cn(struck, 'text-zinc-500')}>
        <span className="sr-only">Was </span>
        {formatGBP(price)}
      </s>
    </span>
  );
}
