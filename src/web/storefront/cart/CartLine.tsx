import { Link } from 'react-router';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { CartItem } from '@shared/cart';
import { fewLeftText, isFewLeft, maxQuantity } from '@shared/catalog';
import { formatGBP } from '@shared/money';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useRemoveFromCart, useSetCartQuantity } from '@/lib/cart';
import { cn } from '@/lib/utils';
import { ProductImage, lineImage } from '../components/ProductImage';
import { CART_TEXT } from './cart-text';

/** 'Enamel Camping Mug (Mustard)': tells two lines of one product apart for screen readers. */
function lineName(item: CartItem): string {
  const options = item.variant_options.map((option) => option.value).join(', ');
  return options ? `${item.name} (${options})` : item.name;
}

const stepClass = 'flex h-full w-9 items-center justify-center text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * One cart line (storefront spec §2 Cart): picture, name, options, SKU, unit and line price, a
 * quantity stepper whose minus becomes remove at 1, and a remove button. While its change is on the
 * way the row is dimmed and its buttons wait, so a second click cannot race the first.
 */
export function CartLine({ item }: { item: CartItem }) {
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const pending = setQuantity.isPending || remove.isPending;
  const name = lineName(item);
  const onError = (error: unknown) => toast.error(CART_TEXT.updateFailedTitle, { description: errorMessage(error, CART_TEXT.addFailedBody) });
  const change = (quantity: number) => setQuantity.mutate({ id: item.id, quantity }, { onError });
  const removeLine = () => remove.mutate(item.id, { onError });
  const onSale = item.original_unit_price !== null && item.original_unit_price > item.unit_price;

  return (
    <li aria-label={name} aria-busy={pending || undefined} className="flex gap-4 py-6 sm:gap-6">
      <Link to={`/p/${item.slug}`} tabIndex={-1} aria-hidden className="size-20 shrink-0 overflow-hidden rounded-lg bg-zinc-50 sm:size-28">
        <ProductImage image={lineImage(item.image_url, item.image_size)} fallbackAlt={item.name} sizes="(min-width: 640px) 112px, 80px" className="size-full" />
      </Link>
      <div className={cn('flex min-w-0 flex-1 flex-col gap-3 transition-opacity', pending && 'opacity-60')}>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h3 className="font-medium text-zinc-900">
              <Link to={`/p/${item.slug}`} className="rounded-sm hover:underline underline-offset-4">
                {item.name}
              </Link>
            </h3>
            {item.variant_options.length > 0 ? (
              <p className="mt-0.5 text-sm text-zinc-600">{item.variant_options.map((option) => `${option.name}: ${option.value}`).join(', ')}</p>
            ) : null}
            <p className="mt-0.5 text-xs text-zinc-500">SKU {item.sku}</p>
            <p className="mt-1.5 text-sm">
              <span className={onSale ? 'font-medium text-red-700' : 'text-zinc-700'}>
                {onSale ? <span className="sr-only">Sale price </span> : null}
                {formatGBP(item.unit_price)}
              </span>
              {onSale ? (
                <s className="ml-1.5 text-zinc-400">
                  <span className="sr-only">Was </span>
                  {formatGBP(item.original_unit_price!)}
                </s>
              ) : null}
              <span className="text-zinc-500"> each</span>
            </p>
            <StockNote item={item} />
          </div>
          <p className="shrink-0 text-right font-semibold text-zinc-900 tabular-nums">
            <span className="sr-only">Line total </span>
            {formatGBP(item.line_total)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div role="group" aria-label={`Quantity of ${name}`} className="inline-flex h-9 items-center overflow-hidden rounded-md border border-zinc-300 bg-white shadow-xs">
            {item.quantity > 1 ? (
              <button type="button" aria-label={`Decrease quantity of ${name}`} disabled={pending} onClick={() => change(item.quantity - 1)} className={stepClass}>
                <Minus className="size-4" aria-hidden />
              </button>
            ) : (
              <button type="button" aria-label={`Remove ${name}`} disabled={pending} onClick={removeLine} className={cn(stepClass, 'hover:text-red-600')}>
                <Trash2 className="size-4" aria-hidden />
              </button>
            )}
            <span aria-live="polite" className="flex h-full w-10 items-center justify-center border-x border-zinc-200 text-sm font-medium tabular-nums">
              <span className="sr-only">Quantity </span>
              {item.quantity}
            </span>
            <button
              type="button"
              aria-label={`Increase quantity of ${name}`}
              disabled={pending || item.quantity >= maxQuantity(item.available)}
              onClick={() => change(item.quantity + 1)}
              className={stepClass}
            >
              <Plus className="size-4" aria-hidden />
            </button>
          </div>
          <Button variant="ghost" size="sm" disabled={pending} onClick={removeLine} aria-label={`Remove ${name} from cart`} className="-mr-3 text-zinc-500 hover:text-red-600">
            <Trash2 aria-hidden />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * What the stock allows (decision 010): a line over it says how many are left and what to do, since
 * checkout waits until it fits; a line within it says 'Only N left' when few remain.
 */
function StockNote({ item }: { item: CartItem }) {
  if (item.available === null) return null;
  if (!item.in_stock) {
    return (
      <p className="mt-1.5 text-xs font-medium text-red-700">
        {item.available === 0 ? CART_TEXT.soldOut : `${fewLeftText(item.available)}. ${CART_TEXT.lowerQuantity}`}
      </p>
    );
  }
  return isFewLeft(item.available) ? <p className="mt-1.5 text-xs font-medium text-amber-700">{fewLeftText(item.available)}</p> : null;
}
