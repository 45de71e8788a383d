import { Skeleton } from '@/components/ui/skeleton';

/** The product page's shape while it loads, so nothing jumps when it arrives. */
export function ProductPageSkeleton() {
  return (
    <div role="status" aria-label="Loading product" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Skeleton className="h-4 w-56" />
      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-5 w-32" />
          <div className="flex gap-2">
            <Skeleton className="h-6 w-28 rounded-full" />
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
          <Skeleton className="mt-2 h-9 w-36" />
          <div className="mt-2 grid grid-cols-2 gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="mt-4 h-11 w-36" />
        </div>
      </div>
    </div>
  );
}
