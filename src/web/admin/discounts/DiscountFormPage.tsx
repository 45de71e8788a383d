import { Link, useParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminDiscount } from '@/lib/admin-discounts';
import { DiscountForm } from './DiscountForm';

/** /admin/discounts/new */
export function CreateDiscountPage() {
  return <DiscountForm discount={null} />;
}

/** /admin/discounts/{id}/edit: loads the code; a missing one (or another store's) is "not found". */
export function EditDiscountPage() {
  const { id = '' } = useParams();
  const discount = useAdminDiscount(id);
  if (discount.isError) {
    if (discount.error instanceof ApiError && discount.error.status === 404) {
      return (
        <EmptyState icon={SearchX} title="Discount code not found" action={<Button variant="outline" asChild><Link to="/admin/discounts">Back to discounts</Link></Button>}>
          It may have been deleted, or the link is wrong.
        </EmptyState>
      );
    }
    return (
      <Alert variant="destructive">
        <span className="flex-1">{errorMessage(discount.error, 'Failed to load the discount code')}</span>
        <Button size="sm" variant="outline" onClick={() => void discount.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (discount.isPending) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-zinc-500">
        <Spinner label="Loading discount code" />
        Loading discount code…
      </div>
    );
  }
  // Keyed by code: opening another one starts a fresh form.
  return <DiscountForm key={discount.data.id} discount={discount.data} />;
}
