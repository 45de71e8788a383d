import { NavLink } from 'react-router';
import { ChevronDown } from 'lucide-react';
import type { CategoryNode } from '@shared/catalog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategories } from '@/lib/catalog';
import { cn } from '@/lib/utils';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm whitespace-nowrap transition-colors hover:bg-zinc-100 hover:text-zinc-900', isActive ? 'font-medium text-zinc-900' : 'text-zinc-600');

/**
 * Desktop category bar. Sub-categories drop down on hover and on keyboard focus (focus-within), so
 * tabbing onto a category reveals its children as the next tab stops; no click needed on either.
 */
export function CategoryNav() {
  const categories = useCategories();
  // The header is on every page: a failed category load leaves the bar out rather than shouting.
  if (categories.isError) return null;
  return (
    <nav aria-label="Categories" className="hidden border-t border-zinc-100 lg:block">
      <ul className="mx-auto flex h-12 max-w-6xl items-center gap-1 px-3">
        <li>
          <NavLink to="/products" end className={linkClass}>All products</NavLink>
        </li>
        {categories.isPending
          ? [1, 2, 3, 4].map((n) => (
              <li key={n} className="px-3"><Skeleton className="h-4 w-20" /></li>
            ))
          : categories.data.map((category) => <CategoryNavItem key={category.id} category={category} />)}
      </ul>
    </nav>
  );
}

function CategoryNavItem({ category }: { category: CategoryNode }) {
  if (category.children.length === 0) {
    return (
      <li>
        <NavLink to={`/c/${category.slug}`} className={linkClass}>{category.name}</NavLink>
      </li>
    );
  }
  return (
    <li className="group relative">
      <NavLink to={`/c/${category.slug}`} className={linkClass}>
        {category.name}
        <ChevronDown className="size-3.5 text-zinc-400 transition-transform group-focus-within:rotate-180 group-hover:rotate-180" aria-hidden />
      </NavLink>
      {/* visibility (not display) keeps the fade and removes hidden links from the tab order. */}
      <div className="invisible absolute top-full left-0 z-40 pt-2 opacity-0 transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        <ul aria-label={`${category.name} sub-categories`} className="min-w-56 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg">
          {category.children.map((child) => (
            <li key={child.id}>
              <NavLink
                to={`/c/${child.slug}`}
                className={({ isActive }) => cn('block rounded-md px-3 py-2 text-sm hover:bg-zinc-100', isActive ? 'font-medium text-zinc-900' : 'text-zinc-600')}
              >
                {child.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
