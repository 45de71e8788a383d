import { Link } from 'react-router';
import type { NameValue } from '@shared/catalog';
import { formatGBP } from '@shared/money';
import type { PictureSize } from '@shared/cart';
import { ProductImage, lineImage } from './ProductImage';

interface LineItemProps {
  name: string;
  slug?: string | null;
  imageUrl: string | null;
  /** The picture's size and copies (cart lines); without it the original is drawn. */
  imageSize?: PictureSize | null;
  options: NameValue[];
  quantity: number;
  unitPrice: number;
  total: number;
  /** A problem with the line to point out (not enough stock), in red under it. */
  warning?: string | null;
  /** What has happened to the line since (refunded), in grey under it. */
  note?: string | null;
}

/**
 * One bought line (a cart line at checkout, an order line afterwards): picture with the quantity on
 * it, name and options, and the line's total. Read-only; the cart page is where lines change.
 */
export function LineItem({ name, slug, imageUrl, imageSize, options, quantity, unitPrice, total, warning, note }: LineItemProps) {
  return (
    <li className="flex items-center gap-4 py-4 first:pt-0 last:pb-0">
      <div className="relative shrink-0">
        <ProductImage image={lineImage(imageUrl, imageSize)} fallbackAlt={name} sizes="64px" className="size-16 rounded-lg border border-zinc-200" />
        <span className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-zinc-700 px-1.5 text-xs font-medium text-white tabular-nums" aria-hidden>
          {quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium text-zinc-900">
          {slug ? <Link to={`/p/${slug}`} className="hover:underline underline-offset-4">{name}</Link> : name}
        </p>
        {options.length > 0 ? <p className="mt-0.5 text-xs text-zinc-500">{options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p> : null}
        <p className="mt-0.5 text-xs text-zinc-500">
          Qty {quantity}
          {quantity > 1 ? ` × ${formatGBP(unitPrice)}` : null}
        </p>
        {note ? <p className="mt-0.5 text-xs font-medium text-zinc-700">{note}</p> : null}
        {warning ? <p className="mt-0.5 text-xs font-medium text-red-700">{warning}</p> : null}
      </div>
      <p className="shrink-0 text-sm font-medium tabular-nums text-zinc-900">{formatGBP(total)}</p>
    </li>
  );
}
