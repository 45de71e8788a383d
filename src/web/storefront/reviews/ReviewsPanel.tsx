import { Suspense, useEffect, useState } from 'react';
import { CheckCircle2, MessageSquareText, PenLine } from 'lucide-react';
import { REVIEW_TEXT } from '@shared/catalog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useReviews } from '@/lib/reviews';
import { preloadable } from '@/lib/preloadable';
import { LoadError } from '../components/LoadError';
import { StarRating, formatRating } from '../components/StarRating';
import { ReviewList } from './ReviewList';

// The form and its form library load with the Reviews tab, not with the product page.
const ReviewForm = preloadable(() => import('./ReviewForm').then((m) => m.ReviewForm));

/** The Reviews tab: the average, Write Review, the moderation notice after a submission, the reviews. */
export function ReviewsPanel({ productId }: { productId: string }) {
  const reviews = useReviews(productId);
  const [formOpen, setFormOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const data = reviews.data;
  const count = data?.review_count ?? 0;
  useEffect(() => ReviewForm.preload(), []);

  return (
    <div className="grid gap-8 lg:grid-cols-[260px_1fr] lg:gap-12">
      <aside className="flex flex-col items-start gap-4">
        {data ? (
          <div>
            <h2 className="text-lg font-semibold">Customer reviews</h2>
            {count > 0 && data.average_rating !== null ? (
              <div className="mt-2 flex items-center gap-3">
                <span className="text-4xl font-semibold tracking-tight">{formatRating(data.average_rating)}</span>
                <div>
                  <StarRating rating={data.average_rating} size="md" />
                  <p className="mt-0.5 text-sm text-zinc-500">Based on {count} {count === 1 ? 'review' : 'reviews'}</p>
                </div>
              </div>
            ) : (
              <p className="mt-1 text-sm text-zinc-500">No reviews yet</p>
            )}
          </div>
        ) : reviews.isPending ? (
          <Skeleton className="h-16 w-48" />
        ) : null}
        {!formOpen ? (
          <Button variant="outline" onClick={() => { setSubmitted(false); setFormOpen(true); }}>
            <PenLine aria-hidden /> Write Review
          </Button>
        ) : null}
      </aside>

      <div className="grid min-w-0 gap-6">
        {submitted ? (
          <Alert className="border-emerald-200 bg-emerald-50 text-emerald-900">
            <CheckCircle2 aria-hidden />
            <p>{REVIEW_TEXT.moderation}</p>
          </Alert>
        ) : null}
        {formOpen ? (
          <Suspense fallback={<div role="status" aria-label="Loading the review form"><Skeleton className="h-96 w-full rounded-xl" /></div>}>
            <ReviewForm productId={productId} onCancel={() => setFormOpen(false)} onSubmitted={() => { setFormOpen(false); setSubmitted(true); }} />
          </Suspense>
        ) : null}
        {reviews.isPending ? (
          <div className="grid gap-6" role="status" aria-label="Loading reviews">
            {[1, 2].map((n) => <Skeleton key={n} className="h-28 w-full" />)}
          </div>
        ) : reviews.isError ? (
          <LoadError title="Reviews could not be loaded" error={reviews.error} fallback="Please try again in a moment." onRetry={() => void reviews.refetch()} />
        ) : data && data.reviews.length > 0 ? (
          <ReviewList reviews={data.reviews} />
        ) : formOpen ? null : (
          <EmptyState icon={MessageSquareText} title="No reviews yet">Be the first to share what you think of this product.</EmptyState>
        )}
      </div>
    </div>
  );
}
