import type { StoreTenant } from '@shared/tenants';
import { useCategories } from '@/lib/catalog';
import { useDocumentTitle } from './store-context';
import { featuredCategories, heroPictures } from './home/featured-categories';
import { FeaturedCategories } from './home/FeaturedCategories';
import { FeaturedProducts } from './home/FeaturedProducts';
import { HomeHero } from './home/HomeHero';
import { promiseSentence } from '@shared/promise-sentence';
import { StorePromises } from './home/StorePromises';

/** The store's front page: welcome, featured categories and products, and the shop's promises. */
export function StoreHome({ tenant }: { tenant: StoreTenant }) {
  useDocumentTitle(null);
  const categories = useCategories();
  // A failed category load hides the category sections (an empty list), like having none featured.
  const tree = categories.isError ? [] : categories.data;
  return (
    <>
      <HomeHero storeName={tenant.name} description={tenant.details.description ?? (promiseSentence(tenant.promises) || null)} pictures={tree && heroPictures(tree)} />
      <FeaturedCategories categories={tree && featuredCategories(tree)} />
      <FeaturedProducts />
      <StorePromises />
    </>
  );
}
