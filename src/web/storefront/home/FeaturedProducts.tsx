import { useProducts } from '@/lib/catalog';
import { ProductGrid } from '../components/ProductGrid';
import { SectionHeading } from './SectionHeading';

const FEATURED_COUNT = 8;

/** The shop's featured products; left out when there are none or they could not be loaded. */
export function FeaturedProducts() {
  const featured = useProducts({ featured: 'true', limit: FEATURED_COUNT });
  if (featured.isError || (featured.data && featured.data.items.length === 0)) return null;
  return (
    <section aria-labelledby="featured-products" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <SectionHeading id="featured-products" title="Featured products" link={{ to: '/products', label: 'Shop all' }} />
      <div className="mt-6">
        <ProductGrid products={featured.data?.items} loading={featured.isPending} skeletonCount={FEATURED_COUNT} label="Featured products" />
      </div>
    </section>
  );
}
