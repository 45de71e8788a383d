import { cn } from '@/lib/utils';

/**
 * Five stars filled to the rating (4.5 shows four and a half): a grey row of stars under an amber one
 * cut to the rating's width, so fractions need no half star. Each row is one span masked by the star
 * (`star-row` in styles.css): a rating costs three elements, not ten icons, which matters on a page
 * listing a dozen products. Screen readers get the number instead.
 */
export function StarRating({ rating, className, size = 'sm' }: { rating: number; className?: string; size?: 'sm' | 'md' }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  // One star is 1em square: text-base draws 16 px stars (as size-4 did), text-xl 20 px (size-5).
  const sizeClass = size === 'md' ? 'text-xl' : 'text-base';
  return (
    <span className={cn('relative inline-block h-[1em] w-[5em] shrink-0 leading-none', sizeClass, className)} role="img" aria-label={`Rated ${formatRating(rating)} out of 5`}>
      <span className="star-row absolute inset-0 bg-zinc-200" aria-hidden />
      <span className="star-row absolute inset-y-0 left-0 bg-amber-400" style={{ width: `${percent}%` }} aria-hidden />
    </span>
  );
}

/** 4.5 stays 4.5, 4 stays 4, 4.333 becomes 4.3. */
export function formatRating(rating: number): string {
  return Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
}
