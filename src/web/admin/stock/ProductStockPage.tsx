import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, PackageSearch, SlidersHorizontal, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useProductStock } from '@/lib/admin-stock';
import { cn } from '@/lib/utils';
import { LOW_STOCK_THRESHOLD, STOCK_TEXT } from '@shared/stock';
import { AdjustStockDialog } from './AdjustStockDialog';
import { StockHistory } from './StockHistory';
import { VariantStockTable } from './VariantStockTable';

const PRODUCTS = '/admin/catalogue/products';

/** /admin/catalogue/products/{id}/stock: a product's stock, held units, the Adjust Stock dialog and its ledger. */
export function ProductStockPage() {
  const { id = '' } = useParams();
  const query = useProductStock(id);
  const [adjusting, setAdjusting] = useState(false);

  const back = (
    <Link to={PRODUCTS} className="inline-flex w-fit items-center gap-1.5 text-sm text-zinc-600 hover:text-zinc-900">
      <ArrowLeft className="size-4" aria-hidden /> Back to products
    </Link>
  );

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        {back}
        {missing ? (
          <EmptyState icon={PackageSearch} title="Product not found">
            It may have been deleted.
          </EmptyState>
        ) : (
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(query.error, 'Failed to load product')}</span>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>
          </Alert>
        )}
      </div>
    );
  }

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading product stock">
        {back}
        <Skeleton className="h-8 w-64" />
        <div className="grid grid-cols-3 gap-2 sm:gap-4">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-24" />)}
        </div>
        <Skeleton className="h-48" />
      </div>
    );
  }

  const product = query.data;
  const stock = product.stock_quantity ?? 0;
  const available = Math.max(stock - product.reserved_quantity, 0);

  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">Stock: {product.name}</h1>
          <p className="mt-1 text-sm text-zinc-500">SKU {product.sku}</p>
        </div>
        <Button onClick={() => setAdjusting(true)} className="self-start sm:self-auto">
          <SlidersHorizontal aria-hidden /> Adjust Stock
        </Button>
      </div>

      {product.track_inventory ? (
        <section aria-label="Stock levels" className="grid gap-2">
          <div className="grid grid-cols-3 gap-2 sm:gap-4">
            <Figure label="Current stock" value={stock} tone={stock <= LOW_STOCK_THRESHOLD ? 'low' : undefined}>
              {stock <= LOW_STOCK_THRESHOLD ? <Badge variant="destructive">Low stock</Badge> : null}
            </Figure>
            <Figure label="Reserved" value={product.reserved_quantity} />
            <Figure label="Available" value={available} />
          </div>
          <p className="text-xs text-zinc-500">
            Reserved units are held by checkouts waiting for payment: they are sold when paid and return to available if the payment lapses.
            {product.variants.length > 0 ? ' These figures add up the variants below.' : null}
          </p>
        </section>
      ) : (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <div className="flex-1">
            <p className="font-medium">{STOCK_TEXT.trackingDisabled}</p>
            <p>{STOCK_TEXT.trackingHint} Turn on Track inventory in the product form.</p>
          </div>
          <Button asChild size="sm" variant="outline" className="shrink-0 self-start">
            <Link to={`${PRODUCTS}/${product.id}/edit`}>Edit product</Link>
          </Button>
        </Alert>
      )}

      {product.variants.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Variants</CardTitle>
            <CardDescription>Stock is kept for each variant; Adjust Stock asks which one.</CardDescription>
          </CardHeader>
          <CardContent>
            <VariantStockTable variants={product.variants} />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Stock history</CardTitle>
          <CardDescription>Every adjustment and sale, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <StockHistory productId={product.id} />
        </CardContent>
      </Card>

      <AdjustStockDialog product={product} open={adjusting} onOpenChange={setAdjusting} />
    </div>
  );
}

function Figure({ label, value, tone, children }: { label: string; value: number; tone?: 'low'; children?: ReactNode }) {
  return (
    <Card className="p-3 sm:p-5">
      <p className="text-xs text-zinc-500 sm:text-sm">{label}</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className={cn('text-2xl font-semibold tabular-nums sm:text-3xl', tone === 'low' && 'text-red-600')}>{value}</p>
        {children}
      </div>
    </Card>
  );
}
