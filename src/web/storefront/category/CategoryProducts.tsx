import { useState } from 'react';
import { PackageSearch } from 'lucide-react';
import type { ProductList, ProductSort } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import type { ProductLayout } from '../components/ProductCard';
import { ProductGrid } from '../components/ProductGrid';
import { SearchField } from '../components/SearchField';
import { SortSelect } from '../components/SortSelect';
import { ViewToggle } from '../components/ViewToggle';
import { ActiveFilters, FilterPanel } from '../filters/FilterPanel';
import { hasFilters, NO_FILTERS, type ProductFacets, type ProductFilters } from '@shared/product-filters';

interface CategoryProductsProps {
  list: { data: ProductList | undefined; isPending: boolean; isError: boolean; isPlaceholderData: boolean; error: unknown; refetch: () => unknown };
  search: string;
  sort: ProductSort;
  onSearch: (search: string) => void;
  onSort: (sort: ProductSort) => void;
  hrefForPage: (page: number) => string;
  filters: { value: ProductFilters; facets: ProductFacets | undefined; onChange: (next: ProductFilters) => void };
}

/** The category's products: search, sort and layout controls, the grid or list, empty states, pager. */
export function CategoryProducts({ list, search, sort, onSearch, onSort, hrefForPage, filters }: CategoryProductsProps) {
  const [layout, setLayout] = useState<ProductLayout>('grid');
  const data = list.data;
  const filtered = hasFilters(filters.value);
  return (
    <div className="flex flex-col gap-6 pt-6 lg:flex-row lg:gap-8">
      <FilterPanel filters={filters.value} facets={filters.facets} onChange={filters.onChange} />
      <section aria-label="Products" className="min-w-0 flex-1">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchField key={search} value={search} onSearch={onSearch} label="Search this category" placeholder="Search this category" className="w-full sm:max-w-xs" />
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <SortSelect value={sort} onChange={(value) => onSort(value || 'name')} />
            <ViewToggle value={layout} onChange={setLayout} />
          </div>
        </div>
        <div className="mt-4"><ActiveFilters filters={filters.value} onChange={filters.onChange} /></div>
        <div className="mt-6">
          {list.isError && !data ? (
            <LoadError title="Failed to load products" error={list.error} fallback="Please try again in a moment." onRetry={() => void list.refetch()} />
          ) : data && data.items.length === 0 ? (
            <EmptyState
              icon={PackageSearch}
              title="No products found"
              action={
                filtered ? <Button variant="outline" onClick={() => filters.onChange(NO_FILTERS)}>Clear filters</Button>
                : search ? <Button variant="outline" onClick={() => onSearch('')}>Clear search</Button> : undefined
              }
            >
              {filtered ? 'No products match these filters. Remove one or clear them all.'
                : search ? `No products match "${search}" in this category.` : "This category doesn't have any products yet."}
            </EmptyState>
          ) : (
            <ProductGrid products={data?.items} loading={list.isPending} layout={layout} stale={list.isPlaceholderData} skeletonCount={8} label="Products" firstView />
          )}
        </div>
        {data ? <Pager page={data.pagination.page} pages={data.pagination.pages} hrefFor={hrefForPage} /> : null}
      </section>
    </div>
  );
}
