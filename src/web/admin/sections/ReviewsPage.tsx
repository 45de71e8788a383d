import { useState } from 'react';
import { Check, ExternalLink, MessageSquareText, Star, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useModerateReview, useModerationQueue, type ModerationReview, type ReviewStatus } from '@/lib/moderation';

const FILTERS: { value: ReviewStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const STATUS_BADGE: Record<ReviewStatus, 'warning' | 'success' | 'secondary'> = { pending: 'warning', approved: 'success', rejected: 'secondary' };
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Catalogue > Reviews: shoppers' reviews wait here until approved; only approved ones show and count. */
export function ReviewsPage() {
  const [status, setStatus] = useState<ReviewStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const queue = useModerationQueue(status, page);
  const total = queue.data?.pagination.total;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Reviews</h1>
        <p className="mt-1 text-sm text-zinc-500">Approve shoppers&apos; reviews before they appear on your product pages.</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs value={status} onValueChange={(v) => { setStatus(v as ReviewStatus | 'all'); setPage(1); }}>
          <TabsList>
            {FILTERS.map((f) => <TabsTrigger key={f.value} value={f.value}>{f.label}</TabsTrigger>)}
          </TabsList>
        </Tabs>
        {total !== undefined ? <p className="text-sm text-zinc-500">{total} review{total === 1 ? '' : 's'}</p> : null}
      </div>

      {queue.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(queue.error, 'Failed to load reviews')}</span>
          <Button size="sm" variant="outline" onClick={() => void queue.refetch()}>Try again</Button>
        </Alert>
      ) : queue.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading reviews">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-28" />)}
        </div>
      ) : queue.data.reviews.length === 0 ? (
        <EmptyState icon={MessageSquareText} title={status === 'pending' ? 'No reviews waiting' : 'No reviews found'}>
          {status === 'pending' ? 'New reviews from shoppers will appear here for you to approve.' : 'Reviews with this status will be listed here.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {queue.data.reviews.map((r) => <ReviewRow key={r.id} review={r} />)}
        </ul>
      )}

      {queue.data && queue.data.pagination.pages > 1 ? (
        <div className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {page} of {queue.data.pagination.pages}</span>
          <Button variant="outline" size="sm" disabled={page >= queue.data.pagination.pages} onClick={() => setPage(page + 1)}>Next</Button>
        </div>
      ) : null}
    </div>
  );
}

function ReviewRow({ review }: { review: ModerationReview }) {
  const moderate = useModerateReview();
  const decide = (status: 'approved' | 'rejected') =>
    moderate.mutate(
      { id: review.id, status },
      {
        onSuccess: () => toast.success(status === 'approved' ? 'Review approved' : 'Review rejected'),
        onError: (error) => toast.error('Could not update review', { description: errorMessage(error, 'Please try again.') }),
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="flex" aria-label={`${review.rating} out of 5 stars`}>
              {[1, 2, 3, 4, 5].map((n) => (
                <Star key={n} aria-hidden className={n <= review.rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-zinc-300'} />
              ))}
            </span>
            <Badge variant={STATUS_BADGE[review.status]}>{review.status}</Badge>
            <span className="text-xs text-zinc-500">{dateFormat.format(new Date(review.created_at))}</span>
          </div>
          {/* Shopper text is shown as text, never as HTML. */}
          <p className="mt-2 font-medium break-words">{review.title}</p>
          <p className="mt-1 text-sm whitespace-pre-line break-words text-zinc-600">{review.body}</p>
          <p className="mt-2 text-xs text-zinc-500">
            {review.customer_email || 'Erased customer'} on{' '}
            <a href={`/p/${review.product_slug}`} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-zinc-700 underline-offset-2 hover:underline">
              {review.product_name} <ExternalLink className="size-3" aria-hidden />
            </a>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          {review.status !== 'approved' ? (
            <Button size="sm" disabled={moderate.isPending} onClick={() => decide('approved')} aria-label={`Approve review: ${review.title}`}>
              <Check aria-hidden /> Approve
            </Button>
          ) : null}
          {review.status !== 'rejected' ? (
            <Button size="sm" variant="outline" disabled={moderate.isPending} onClick={() => decide('rejected')} aria-label={`Reject review: ${review.title}`}>
              <X aria-hidden /> Reject
            </Button>
          ) : null}
        </div>
    </li>
  );
}
