import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { FolderX } from 'lucide-react';
import { PRODUCT_PAGE_SIZE } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { useCategory, useProducts } from '@/lib/catalog';
import { LoadError } from '../components/LoadError';
import { StatusScreen } from '../components/StatusScreen';
import { useListingParams } from '../listing-params';
import { isNotFound } from '../not-found';
import { useDocumentTitle } from '../store-context';
import { useErrorToast } from '../use-error-toast';
import { CategoryHeader, CategoryHeaderSkeleton } from './CategoryHeader';
import { CategoryProducts } from './CategoryProducts';
import { useFacets, useProductFilters } from '../filters/use-filters';

/** /c/{categorySlug} (storefront spec §2): the category with its (and its sub-categories') products. */
export function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const category = useCategory(categorySlug);
  const { search, sort, page, update, hrefForPage } = useListingParams();
  const activeSort = sort ?? 'name';
  const filters = useProductFilters();
  // Asked for alongside the category, not after it, so the grid is not a second wait.
  const products = useProducts({ category: categorySlug, q: search || undefined, page, limit: PRODUCT_PAGE_SIZE, sort: activeSort, filters: filters.query });
  const facets = useFacets({ category: categorySlug, q: search || undefined }, filters.query);
  const missing = isNotFound(category.error);

  useDocumentTitle(category.data?.name ?? (missing ? 'Category not found' : null));
  useErrorToast(category.isError && !missing ? category.error : null, 'Failed to load categories', 'category-load');
  // An unknown category fails the product list too; that is the not-found screen's to explain.
  useErrorToast(products.isError && !isNotFound(products.error) ? products.error : null, 'Failed to load products', 'products-load');

  // A page past the end (an old link, fewer products now) goes to the last page there is.
  const pages = products.data?.pagination.pages;
  useEffect(() => {
    if (pages !== undefined && !products.isPlaceholderData && page > pages) update({ page: pages }, true);
  }, [page, pages, products.isPlaceholderData, update]);

  if (missing) {
    return (
      <StatusScreen
        icon={FolderX}
        title="Category Not Found"
        action={<Button asChild><Link to="/">Return Home</Link></Button>}
      >
        The requested category could not be found.
      </StatusScreen>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {category.data ? (
        <CategoryHeader category={category.data} productCount={products.data?.total} />
      ) : category.isError ? (
        <LoadError title="Failed to load categories" error={category.error} fallback="Please try again in a moment." onRetry={() => void category.refetch()} />
      ) : (
        <CategoryHeaderSkeleton />
      )}
      {category.isError ? null : (
        <CategoryProducts
          list={products}
          search={search}
          sort={activeSort}
          onSearch={(next) => update({ search: next })}
          onSort={(next) => update({ sort: next === 'name' ? null : next })}
          hrefForPage={hrefForPage}
          filters={{ value: filters.filters, facets: facets.data, onChange: filters.set }}
        />
      )}
    </div>
  );
}
