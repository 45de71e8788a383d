import { BadgeCheck } from 'lucide-react';
import type { PublicReview } from '@shared/catalog';
import { Badge } from '@/components/ui/badge';
import { StarRating } from '../components/StarRating';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Approved reviews, newest first as the server sends them. Text is shown as typed: plain text, never HTML. */
export function ReviewList({ reviews }: { reviews: PublicReview[] }) {
  return (
    <ul className="divide-y divide-zinc-200 border-y border-zinc-200">
      {reviews.map((review) => (
        <li key={review.id} className="py-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StarRating rating={review.rating} />
            <time dateTime={review.created_at} className="text-sm text-zinc-500">
              {dateFormat.format(new Date(review.created_at))}
            </time>
          </div>
          <h3 className="mt-3 font-medium break-words text-zinc-900">{review.title}</h3>
          <p className="mt-1.5 leading-relaxed break-words whitespace-pre-line text-zinc-700">{review.body}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-zinc-500">
            <span>{review.customer_email}</span>
            {review.verified_purchase ? (
              <Badge variant="success">
                <BadgeCheck className="size-3.5" aria-hidden /> Verified purchase
              </Badge>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
