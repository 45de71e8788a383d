import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProductImages } from '@/lib/admin-media';
import { ProductImages } from './ProductImages';

/**
 * /admin/catalogue/products/:id/images: the Images card on its own until the product form mounts it.
 * The heading reads the product's name from the same query as the card (one request).
 */
export function ProductImagesPage() {
  const { id = '' } = useParams();
  const query = useProductImages(id);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-start gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/admin/catalogue/products"><ArrowLeft aria-hidden /> Back to products</Link>
        </Button>
        {query.data ? (
          <h1 className="text-2xl font-semibold tracking-tight break-words">Images: {query.data.product.name}</h1>
        ) : query.isPending ? (
          <Skeleton className="h-8 w-64 max-w-full" />
        ) : (
          <h1 className="text-2xl font-semibold tracking-tight">Images</h1>
        )}
        {query.data ? (
          <a href={`/p/${query.data.product.slug}`} target="_blank" rel="noopener" className="text-sm text-zinc-500 underline-offset-2 hover:underline">
            View on the store: /p/{query.data.product.slug}
          </a>
        ) : null}
      </div>
      <ProductImages productId={id} />
    </div>
  );
}
