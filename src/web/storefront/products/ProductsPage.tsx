import { useEffect } from 'react';
import { Link } from 'react-router';
import { PackageSearch } from 'lucide-react';
import { PRODUCT_PAGE_SIZE } from '@shared/catalog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useProducts } from '@/lib/catalog';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { ProductGrid } from '../components/ProductGrid';
import { BEST_MATCH, SortSelect } from '../components/SortSelect';
import { useListingParams } from '../listing-params';
import { useDocumentTitle } from '../store-context';
import { useErrorToast } from '../use-error-toast';
import { ActiveFilters, FilterPanel } from '../filters/FilterPanel';
import { useFacets, useProductFilters } from '../filters/use-filters';
import { hasFilters, NO_FILTERS } from '@shared/product-filters';

/** /products (storefront spec §2): every product, or the results of the header's search. */
export function ProductsPage() {
  const { search, sort, page, update, hrefForPage } = useListingParams();
  // With a search and no sort chosen the server ranks by relevance; without one, by name.
  const sortValue = sort ?? (search ? BEST_MATCH : 'name');
  const filters = useProductFilters();
  const products = useProducts({ q: search || undefined, page, limit: PRODUCT_PAGE_SIZE, sort: sort ?? undefined, filters: filters.query });
  const facets = useFacets({ q: search || undefined }, filters.query);
  const filtered = hasFilters(filters.filters);
  const data = products.data;

  useDocumentTitle(search ? `Search results for "${search}"` : 'All products');
  useErrorToast(products.isError ? products.error : null, 'Failed to load products', 'products-load');

  const pages = data?.pagination.pages;
  useEffect(() => {
    if (pages !== undefined && !products.isPlaceholderData && page > pages) update({ page: pages }, true);
  }, [page, pages, products.isPlaceholderData, update]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="border-b border-zinc-200 pb-8">
        <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: search ? 'Search' : 'All products' }]} />
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{search ? 'Search results' : 'All products'}</h1>
          {data ? (
            <Badge variant="secondary" className="text-sm">
              {data.total} {data.total === 1 ? 'product' : 'products'}
            </Badge>
          ) : null}
        </div>
        {search ? (
          <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-zinc-600">
            <span className="break-all">Showing results for "{search}"</span>
            <Link to="/products" className="rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline">
              Clear search
            </Link>
          </p>
        ) : (
          <p className="mt-3 max-w-2xl text-zinc-600">Browse everything in the shop.</p>
        )}
      </header>
      <div className="flex flex-col gap-6 pt-6 lg:flex-row lg:gap-8">
        <FilterPanel filters={filters.filters} facets={facets.data} onChange={filters.set} />
        <section aria-label="Results" className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <ActiveFilters filters={filters.filters} onChange={filters.set} />
            <div className="ml-auto">
              <SortSelect value={sortValue} bestMatch={Boolean(search)} onChange={(next) => update({ sort: next === BEST_MATCH || (next === 'name' && !search) ? null : next })} />
            </div>
          </div>
          <div className="mt-6">
            {products.isError && !data ? (
              <LoadError title="Failed to load products" error={products.error} fallback="Please try again in a moment." onRetry={() => void products.refetch()} />
            ) : data && data.items.length === 0 ? (
              <EmptyState
                icon={PackageSearch}
                title="No products found"
                action={
                  filtered ? <Button variant="outline" onClick={() => filters.set(NO_FILTERS)}>Clear filters</Button>
                  : search ? <Button variant="outline" asChild><Link to="/products">Browse all products</Link></Button> : undefined
                }
              >
                {filtered ? 'No products match these filters. Remove one or clear them all.'
                  : search ? `Nothing matches "${search}". Check the spelling or try a broader word.` : 'There are no products in the shop yet.'}
              </EmptyState>
            ) : (
              <ProductGrid products={data?.items} loading={products.isPending} stale={products.isPlaceholderData} label="Products" firstView />
            )}
          </div>
          {data ? <Pager page={data.pagination.page} pages={data.pagination.pages} hrefFor={hrefForPage} /> : null}
        </section>
      </div>
    </div>
  );
}
