import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePolicies } from '@/lib/admin-policies';
import { toast } from '@/lib/toast';
import { LegalPagesCard } from './LegalPagesCard';
import { PoliciesForm } from './PoliciesForm';

/**
 * Settings > Policies (issue 25): what the store promises about returns, refunds and dispatch, a
 * delivery note, and its legal pages made from templates. A skeleton while loading, an error with a retry.
 */
export function PoliciesTab() {
  const policies = usePolicies();

  useEffect(() => {
    if (policies.isError) toast.error(errorMessage(policies.error, 'Failed to load policies'), { id: 'policies-load' });
  }, [policies.isError, policies.error]);

  if (policies.isError) {
    return (
      <Alert variant="destructive" className="items-center">
        <span className="flex-1">
          <span className="block font-medium">Failed to load policies</span>
          {errorMessage(policies.error, '') ? <span className="block">{errorMessage(policies.error, '')}</span> : null}
        </span>
        <Button size="sm" variant="outline" onClick={() => void policies.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (policies.isPending) {
    return (
      <div className="grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start" aria-busy="true" aria-label="Loading policies">
        <div className="grid gap-6">
          {[0, 1].map((card) => (
            <div key={card} className="grid gap-4 rounded-lg border border-zinc-200 bg-white p-5">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-9 w-full sm:w-2/3" />
              <div className="grid grid-cols-2 gap-4 sm:w-1/2">
                <Skeleton className="h-9" />
                <Skeleton className="h-9" />
              </div>
            </div>
          ))}
        </div>
        <div className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-5">
          <Skeleton className="h-5 w-36" />
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-4" />)}
        </div>
      </div>
    );
  }
  return (
    <div className="grid max-w-5xl gap-6">
      <PoliciesForm policies={policies.data.policies} />
      <LegalPagesCard pages={policies.data.legal_pages} />
    </div>
  );
}
