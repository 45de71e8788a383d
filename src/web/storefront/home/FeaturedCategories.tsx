import { Link } from 'react-router';
import type { CategoryNode } from '@shared/catalog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ProductImage } from '../components/ProductImage';
import { SectionHeading } from './SectionHeading';

/** Columns on wide screens: as many as there are tiles, up to four, so three do not leave a hole. */
const WIDE_COLUMNS = ['', 'lg:grid-cols-1', 'lg:grid-cols-2', 'lg:grid-cols-3', 'lg:grid-cols-4'];

/** A tile is at most half the page wide (two columns from sm; up to four from lg). */
const HERO_SIZES = '(min-width: 640px) 50vw, 100vw';

/**
 * The first tile is the home page's largest picture on a phone (its LCP): asked for first; the rest of
 * the first row (up to four on a wide screen) at once; below that, as they come into view.
 */
const tilePriority = (index: number) => (index === 0 ? 'high' : index < 4 ? 'eager' : 'lazy');

/** The shop's featured categories as picture tiles; left out entirely when none are featured. */
export function FeaturedCategories({ categories }: { categories: CategoryNode[] | undefined }) {
  if (categories && categories.length === 0) return null;
  const columns = WIDE_COLUMNS[Math.min(categories?.length ?? 4, 4)];
  return (
    <section aria-labelledby="featured-categories" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <SectionHeading id="featured-categories" title="Shop by category" link={{ to: '/products', label: 'View all products' }} />
      <ul className={cn('mt-6 grid gap-x-6 gap-y-8 sm:grid-cols-2', columns)}>
        {categories === undefined
          ? [1, 2, 3, 4].map((n) => (
              <li key={n} className="grid gap-3">
                <Skeleton className="aspect-[3/2] rounded-2xl" />
                <Skeleton className="h-5 w-32" />
              </li>
            ))
          : categories.map((category, index) => (
              <li key={category.id}>
                <Link to={`/c/${category.slug}`} className="group block rounded-2xl">
                  <div className="overflow-hidden rounded-2xl bg-zinc-100">
                    {category.hero_image_url ? (
                      <ProductImage image={{ image_url: category.hero_image_url, alt_text: null, ...category.hero_size }} fallbackAlt="" sizes={HERO_SIZES} priority={tilePriority(index)} className="aspect-[3/2] w-full transition-transform duration-500 group-hover:scale-105" />
                    ) : (
                      <div className="aspect-[3/2] w-full bg-gradient-to-br from-zinc-100 to-zinc-200" />
                    )}
                  </div>
                  <p className="mt-3 font-semibold text-zinc-900 group-hover:underline underline-offset-4">{category.name}</p>
                  {category.description ? <p className="mt-1 line-clamp-2 text-sm text-zinc-500">{category.description}</p> : null}
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
