import { useState } from 'react';
import { History } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useStockMovements } from '@/lib/admin-stock';
import { cn } from '@/lib/utils';
import { stockReasonLabel, type StockMovement } from '@shared/stock';
import { formatWhen, madeBy, signedChange } from './stock-format';

const changeClass = (n: number) => (n > 0 ? 'text-emerald-700' : 'text-red-600');

/** A product's stock ledger, newest first, 20 rows a page: a table on wide screens, cards on phones. */
export function StockHistory({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const query = useStockMovements(productId, page);

  if (query.isError) {
    return (
      <Alert variant="destructive">
        <span className="flex-1">{errorMessage(query.error, 'Failed to load stock history')}</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading stock history">
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-10" />)}
      </div>
    );
  }
  const { movements, pagination } = query.data;
  if (movements.length === 0) {
    return (
      <EmptyState icon={History} title="No stock movements yet">
        Adjustments and sales of this product will be listed here.
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-4" aria-busy={query.isPlaceholderData}>
      <div className="hidden rounded-lg border border-zinc-200 bg-white sm:block">
        <Table aria-label="Stock history">
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead className="text-right">Change</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>Notes</TableHead>
              <TableHead className="text-right">Stock after</TableHead>
              <TableHead>By</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {movements.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="whitespace-nowrap text-zinc-600">{formatWhen(m.created_at)}</TableCell>
                <TableCell className={cn('text-right font-medium tabular-nums', changeClass(m.quantity_change))}>{signedChange(m.quantity_change)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <ReasonBadge movement={m} />
                </TableCell>
                <TableCell className="max-w-xs break-words text-zinc-600">{m.notes ?? <span className="text-zinc-400">—</span>}</TableCell>
                <TableCell className="text-right tabular-nums">{m.resulting_quantity}</TableCell>
                <TableCell className="max-w-48 truncate text-zinc-600" title={madeBy(m)}>{madeBy(m)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="grid gap-2 sm:hidden" aria-label="Stock history">
        {movements.map((m) => (
          <li key={m.id} className="rounded-lg border border-zinc-200 bg-white p-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <ReasonBadge movement={m} />
                <p className="mt-1 text-xs text-zinc-500">{formatWhen(m.created_at)} · {madeBy(m)}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className={cn('text-base font-semibold tabular-nums', changeClass(m.quantity_change))}>{signedChange(m.quantity_change)}</p>
                <p className="text-xs text-zinc-500">Stock after: {m.resulting_quantity}</p>
              </div>
            </div>
            {m.notes ? <p className="mt-2 break-words text-zinc-600">{m.notes}</p> : null}
          </li>
        ))}
      </ul>

      {pagination.pages > 1 ? (
        <div className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {page} of {pagination.pages}</span>
          <Button variant="outline" size="sm" disabled={page >= pagination.pages} onClick={() => setPage(page + 1)}>Next</Button>
        </div>
      ) : null}
    </div>
  );
}

function ReasonBadge({ movement }: { movement: StockMovement }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={movement.reason === 'sale' ? 'default' : 'secondary'}>{stockReasonLabel(movement.reason)}</Badge>
      {movement.variant_sku ? <Badge variant="outline">{movement.variant_sku}</Badge> : null}
    </span>
  );
}
