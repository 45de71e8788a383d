import { Link } from 'react-router';
import type { CategoryDetail } from '@shared/catalog';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Breadcrumbs } from '../components/Breadcrumbs';

/** Breadcrumb, name, product count, description and links to the sub-categories. */
export function CategoryHeader({ category, productCount }: { category: CategoryDetail; productCount: number | undefined }) {
  return (
    <header className="border-b border-zinc-200 pb-8">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: category.name }]} />
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{category.name}</h1>
        {productCount !== undefined ? (
          <Badge variant="secondary" className="text-sm">
            {productCount} {productCount === 1 ? 'product' : 'products'}
          </Badge>
        ) : null}
      </div>
      {category.description ? <p className="mt-3 max-w-2xl text-pretty text-zinc-600">{category.description}</p> : null}
      {category.children.length > 0 ? (
        <nav aria-label={`${category.name} sub-categories`} className="mt-5">
          <ul className="flex flex-wrap gap-2">
            {category.children.map((child) => (
              <li key={child.slug}>
                <Link to={`/c/${child.slug}`} className="inline-flex h-8 items-center rounded-full border border-zinc-300 px-3.5 text-sm text-zinc-700 transition-colors hover:border-zinc-900 hover:text-zinc-900">
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

export function CategoryHeaderSkeleton() {
  return (
    <div className="border-b border-zinc-200 pb-8" role="status" aria-label="Loading category">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-6 h-10 w-64" />
      <Skeleton className="mt-4 h-4 w-full max-w-xl" />
      <Skeleton className="mt-2 h-4 w-2/3 max-w-md" />
    </div>
  );
}
