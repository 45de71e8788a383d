import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, ImageOff, Pencil, Star, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useSetFeatured, useSetTracking } from '@/lib/admin-products';
import { cn } from '@/lib/utils';
import { formatGBP } from '@shared/money';
import { LOW_STOCK_THRESHOLD, statusLabel, type AdminProductRow } from '@shared/admin-products';
import { DeleteProductDialog } from './DeleteProductDialog';

const STATUS_COLOURS = { active: 'success', draft: 'warning', archived: 'secondary' } as const;
const FEATURED_TINT = 'bg-amber-50/70 hover:bg-amber-50';

interface RowProps {
  row: AdminProductRow;
  onAdjustStock?: (row: AdminProductRow) => void;
}

/** The table row (wide screens). Its toggles apply at once, each disabled while its own save runs (spec §4). */
export function ProductRow({ row, onAdjustStock }: RowProps) {
  const [deleting, setDeleting] = useState(false);
  const cell = 'px-3';
  return (
    <TableRow className={cn(row.is_featured && FEATURED_TINT)} data-featured={row.is_featured || undefined}>
      <TableCell className={cn(cell, 'min-w-52')}>
        <ProductSummary row={row} />
      </TableCell>
      <TableCell className={cn(cell, 'font-mono text-xs whitespace-nowrap text-zinc-600')}>{row.sku}</TableCell>
      <TableCell className={cn(cell, 'whitespace-nowrap')}><PriceText row={row} /></TableCell>
      <TableCell className={cn(cell, 'whitespace-nowrap')}><StockCell row={row} onAdjustStock={onAdjustStock} /></TableCell>
      <TableCell className={cell}><TrackingSwitch row={row} /></TableCell>
      <TableCell className={cell}><StatusBadge row={row} /></TableCell>
      <TableCell className={cell}><FeaturedStar row={row} /></TableCell>
      <TableCell className={cell}>
        <RowActions row={row} onDelete={() => setDeleting(true)} />
        <DeleteProductDialog product={row} open={deleting} onOpenChange={setDeleting} />
      </TableCell>
    </TableRow>
  );
}

/** The same product as a card (phones): every column of the table, stacked. */
export function ProductCardItem({ row, onAdjustStock }: RowProps) {
  const [deleting, setDeleting] = useState(false);
  return (
    <li className={cn('grid gap-3 px-4 py-4', row.is_featured && FEATURED_TINT)} data-featured={row.is_featured || undefined}>
      <ProductSummary row={row} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div><dt className="text-xs text-zinc-500">SKU</dt><dd className="font-mono text-xs text-zinc-700">{row.sku}</dd></div>
        <div><dt className="text-xs text-zinc-500">Price</dt><dd><PriceText row={row} /></dd></div>
        <div><dt className="text-xs text-zinc-500">Stock</dt><dd><StockCell row={row} onAdjustStock={onAdjustStock} /></dd></div>
        <div><dt className="text-xs text-zinc-500">Status</dt><dd><StatusBadge row={row} /></dd></div>
      </dl>
      <div className="flex items-center justify-between gap-2 border-t border-zinc-100 pt-3">
        <label className="flex items-center gap-2 text-xs text-zinc-600">
          <TrackingSwitch row={row} /> Inventory Tracking
        </label>
        <div className="flex items-center">
          <FeaturedStar row={row} />
          <RowActions row={row} onDelete={() => setDeleting(true)} />
        </div>
      </div>
      <DeleteProductDialog product={row} open={deleting} onOpenChange={setDeleting} />
    </li>
  );
}

function ProductSummary({ row }: { row: AdminProductRow }) {
  const thumbnail = row.product_images[0];
  const categories = row.product_categories.map((c) => c.categories.name).join(', ') || 'Uncategorised';
  return (
    <div className="flex items-center gap-3">
      {thumbnail ? (
        <img src={thumbnail.image_url} alt={thumbnail.alt_text ?? ''} className="size-10 shrink-0 rounded-md border border-zinc-200 object-cover" loading="lazy" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md border border-zinc-200 bg-zinc-50">
          <ImageOff className="size-4 text-zinc-400" aria-hidden />
        </span>
      )}
      <div className="min-w-0">
        <p className="leading-snug">
          <Link to={`/admin/catalogue/products/${row.id}/edit`} className="font-medium text-zinc-900 hover:underline">{row.name}</Link>
          {row.is_featured ? <Badge variant="warning" className="ml-1.5 align-middle">Featured</Badge> : null}
        </p>
        <p className="truncate text-xs text-zinc-500">{categories}</p>
      </div>
    </div>
  );
}

/** A product with variants: what a shopper pays for one of them, as a range when they differ (decision 042). */
function PriceText({ row }: { row: AdminProductRow }) {
  const range = row.price_range;
  if (range) {
    const prices = range.min === range.max ? formatGBP(range.min) : `${formatGBP(range.min)} – ${formatGBP(range.max)}`;
    return (
      <span className="flex flex-col leading-tight" title="What shoppers pay for its variants">
        <span>{prices}</span>
        <span className="text-xs text-zinc-500">{range.variants} variants</span>
      </span>
    );
  }
  if (row.sale_price === null) return <span>{formatGBP(row.base_price)}</span>;
  return (
    <span className="flex flex-col leading-tight">
      <span className="font-medium text-red-700">{formatGBP(row.sale_price)}</span>
      <s className="text-xs text-zinc-400">{formatGBP(row.base_price)}</s>
    </span>
  );
}

/** Tracked: the count (red at 5 or fewer, spec §9) and 'Adjust'; untracked: a 'Not tracked' badge. */
function StockCell({ row, onAdjustStock }: RowProps) {
  if (!row.track_inventory) return <Badge variant="secondary">Not tracked</Badge>;
  const stock = row.stock_quantity ?? 0;
  const low = stock <= LOW_STOCK_THRESHOLD;
  const label = `Adjust stock of ${row.name}`;
  return (
    <span className="flex items-center gap-2">
      <span className={cn('min-w-6 tabular-nums', low ? 'font-semibold text-red-600' : 'text-zinc-900')} data-low-stock={low || undefined}>{stock}</span>
      {onAdjustStock ? (
        <Button size="sm" variant="outline" className="h-7 px-2" onClick={() => onAdjustStock(row)} aria-label={label}>Adjust</Button>
      ) : (
        <Button size="sm" variant="outline" className="h-7 px-2" asChild>
          <Link to={`/admin/catalogue/products/${row.id}/edit#stock`} aria-label={label}>Adjust</Link>
        </Button>
      )}
    </span>
  );
}

function TrackingSwitch({ row }: { row: AdminProductRow }) {
  const tracking = useSetTracking();
  const toggle = (track: boolean) =>
    tracking.mutate(
      { id: row.id, track_inventory: track },
      {
        onSuccess: () => toast.success(track ? 'Inventory tracking enabled' : 'Inventory tracking disabled'),
        onError: (error) => toast.error('Unable to update inventory tracking', { description: errorMessage(error, 'Please try again shortly.') }),
      },
    );
  return <Switch checked={row.track_inventory} disabled={tracking.isPending} onCheckedChange={toggle} aria-label={`Track inventory for ${row.name}`} />;
}

/** 'Published' when active and public; otherwise the status: green active, yellow draft, grey archived. */
function StatusBadge({ row }: { row: AdminProductRow }) {
  return <Badge variant={STATUS_COLOURS[row.status]}>{statusLabel(row.status, row.visibility)}</Badge>;
}

function FeaturedStar({ row }: { row: AdminProductRow }) {
  const featured = useSetFeatured();
  const toggle = () =>
    featured.mutate(
      { id: row.id, is_featured: !row.is_featured },
      {
        onSuccess: () => toast.success(row.is_featured ? 'Feature removed' : 'Product featured'),
        onError: (error) => toast.error('Unable to update featured status', { description: errorMessage(error, 'Please try again shortly.') }),
      },
    );
  return (
    <Button
      size="icon"
      variant="ghost"
      disabled={featured.isPending}
      onClick={toggle}
      aria-pressed={row.is_featured}
      aria-label={row.is_featured ? `Remove ${row.name} from featured` : `Feature ${row.name}`}
    >
      <Star className={cn(row.is_featured ? 'fill-amber-400 text-amber-500' : 'text-zinc-400')} aria-hidden />
    </Button>
  );
}

function RowActions({ row, onDelete }: { row: AdminProductRow; onDelete: () => void }) {
  return (
    <div className="flex justify-end">
      <Button size="icon" variant="ghost" asChild>
        <a href={`/p/${row.slug}`} target="_blank" rel="noopener" aria-label={`View ${row.name} in the store`}><ExternalLink aria-hidden /></a>
      </Button>
      <Button size="icon" variant="ghost" asChild>
        <Link to={`/admin/catalogue/products/${row.id}/edit`} aria-label={`Edit ${row.name}`}><Pencil aria-hidden /></Link>
      </Button>
      <Button size="icon" variant="ghost" className="text-zinc-500 hover:text-red-600" onClick={onDelete} aria-label={`Delete ${row.name}`}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
