import { RELATED_PRODUCTS_LIMIT } from '@shared/catalog';
import { useRelatedProducts } from '@/lib/catalog';
import { CardCartButton } from '../cart/CardCartButton';
import { ProductGrid } from '../components/ProductGrid';

/** 'You might also like': up to four other products, each with an add-to-cart button; left out when there are none or they fail to load. */
export function RelatedProducts({ productId }: { productId: string }) {
  const related = useRelatedProducts(productId);
  if (related.isError || (related.data && related.data.length === 0)) return null;
  return (
    <section aria-labelledby="related-products" className="border-t border-zinc-200 pt-12">
      <h2 id="related-products" className="text-2xl font-semibold tracking-tight">You might also like</h2>
      <div className="mt-6">
        <ProductGrid
          products={related.data?.slice(0, RELATED_PRODUCTS_LIMIT)}
          loading={related.isPending}
          skeletonCount={RELATED_PRODUCTS_LIMIT}
          label="You might also like"
          cardAction={(product) => <CardCartButton product={product} />}
        />
      </div>
    </section>
  );
}
