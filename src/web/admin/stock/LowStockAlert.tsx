import { useEffect } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLowStock } from '@/lib/admin-stock';
import { LOW_STOCK_SHOWN } from '@shared/stock';

/**
 * Admin spec §2 "Low Stock Alert": how many tracked products are at 5 or fewer, the first 3, and a way
 * to the product list. Hidden while loading, when there are none, and on failure (spec §8: only logged).
 */
export function LowStockAlert() {
  const query = useLowStock();
  useEffect(() => {
    if (query.isError) console.error('Low stock alert: could not load low-stock products', query.error);
  }, [query.isError, query.error]);

  if (!query.data || query.data.total === 0) return null;
  const { products, total } = query.data;
  const shown = products.slice(0, LOW_STOCK_SHOWN);
  const more = total - shown.length;

  return (
    <section
      aria-label="Low stock"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">{total} product(s) running low on stock</p>
          <ul className="mt-1 grid gap-0.5">
            {shown.map((p) => (
              <li key={p.id} className="break-words">
                <Link to={`/admin/catalogue/products/${p.id}/stock`} className="underline-offset-2 hover:underline">
                  {p.name} ({p.sku}): {p.stock_quantity} left
                </Link>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="mt-1 text-amber-800">...and {more} more</p> : null}
        </div>
      </div>
      <Button asChild variant="outline" size="sm" className="shrink-0 self-start border-amber-300 bg-white hover:bg-amber-100">
        <Link to="/admin/catalogue/products">Manage Stock</Link>
      </Button>
    </section>
  );
}
