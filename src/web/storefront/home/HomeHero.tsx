import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ImageRef } from '@shared/catalog';
import { ProductImage } from '../components/ProductImage';

/**
 * Welcome: the store's name, what it offers (its own description from Settings > Store Info, else
 * what it promises: delivery and returns, from its policies), the way in, and two pictures from the catalogue.
 */
export function HomeHero({ storeName, description, pictures }: { storeName: string; description: string | null; pictures: ImageRef[] | undefined }) {
  return (
    <section className="bg-gradient-to-b from-zinc-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div>
          <p className="text-sm font-medium tracking-wide text-accent uppercase">Welcome to</p>
          <h1 className="mt-3 max-w-2xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{storeName}</h1>
          {description ? <p className="mt-4 max-w-xl text-lg text-pretty whitespace-pre-line text-zinc-600">{description}</p> : null}
          <Button asChild size="lg" className="mt-8">
            <Link to="/products">
              Shop all products <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        {pictures === undefined ? (
          <div className="hidden grid-cols-2 gap-4 lg:grid">
            <Skeleton className="aspect-[4/5] rounded-2xl" />
            <Skeleton className="mt-10 aspect-[4/5] rounded-2xl" />
          </div>
        ) : pictures.length > 0 ? (
          // Decorative: the pictures say "homeware" at a glance; the named, linked categories follow below.
          <div className="hidden grid-cols-2 gap-4 lg:grid" aria-hidden>
            {/* Lazy: on a phone the column is not shown, and lazy pictures that are not shown are not fetched. */}
            {pictures.map((picture, index) => (
              <ProductImage key={picture.image_url} image={picture} fallbackAlt="" sizes="(min-width: 1024px) 260px, 1px" className={cn('aspect-[4/5] w-full rounded-2xl shadow-sm', index === 1 && 'mt-10')} />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
