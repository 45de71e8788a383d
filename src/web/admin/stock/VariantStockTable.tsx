import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { LOW_STOCK_THRESHOLD, type ProductStock } from '@shared/stock';

type Variant = ProductStock['variants'][number];

/**
 * A product with variants keeps its stock on them (decision 042): each one's stock, held units and
 * what is free, so the product's own figures (their sums) can be read back to where they come from.
 */
export function VariantStockTable({ variants }: { variants: Variant[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Variant</TableHead>
          <TableHead className="hidden sm:table-cell">SKU</TableHead>
          <TableHead className="text-right">Stock</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Reserved</TableHead>
          <TableHead className="text-right">Available</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {variants.map((v) => {
          const stock = v.stock_quantity ?? 0;
          const low = stock <= LOW_STOCK_THRESHOLD;
          return (
            <TableRow key={v.id}>
              <TableCell>
                <span className="font-medium text-zinc-900">{v.options.map((o) => o.value).join(', ') || v.sku}</span>
                <span className="block font-mono text-xs break-all text-zinc-500 sm:hidden">{v.sku}</span>
              </TableCell>
              <TableCell className="hidden font-mono text-xs text-zinc-600 sm:table-cell">{v.sku}</TableCell>
              <TableCell className="text-right tabular-nums">
                <span className={cn(low && 'font-semibold text-red-600')}>{stock}</span>
                {stock === 0 ? <Badge variant="secondary" className="ml-2">Sold out</Badge> : null}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">{v.reserved_quantity}</TableCell>
              <TableCell className="text-right tabular-nums">{Math.max(stock - v.reserved_quantity, 0)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
