import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5];

/**
 * Five stars filled to the rating (4.5 shows four and a half). Drawn twice, grey under amber clipped
 * to the rating's width, so fractions need no half-star icon. Screen readers get the number instead.
 */
export function StarRating({ rating, className, size = 'sm' }: { rating: number; className?: string; size?: 'sm' | 'md' }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  const iconClass = size === 'md' ? 'size-5' : 'size-4';
  return (
    <span className={cn('relative inline-flex shrink-0', className)} role="img" aria-label={`Rated ${formatRating(rating)} out of 5`}>
      <span className="flex text-zinc-200" aria-hidden>
        {STARS.map((n) => <Star key={n} className={cn(iconClass, 'fill-current')} />)}
      </span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-400" style={{ width: `${percent}%` }} aria-hidden>
        {STARS.map((n) => <Star key={n} className={cn(iconClass, 'shrink-0 fill-current')} />)}
      </span>
    </span>
  );
}

/** 4.5 stays 4.5, 4 stays 4, 4.333 becomes 4.3. */
export function formatRating(rating: number): string {
  return Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
}
