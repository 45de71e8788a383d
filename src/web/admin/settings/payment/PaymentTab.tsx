import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Info } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useConnectStatus, useStartOnboarding } from '@/lib/admin-payment-connect';
import { CONNECT_TEXT, readyText } from '@shared/payment-connect';
import { CapabilityList } from './CapabilityList';
import { ConnectChecklist } from './ConnectChecklist';
import { ConnectPanel } from './ConnectPanel';

const statusError = (error: unknown) => errorMessage(error, CONNECT_TEXT.statusUnavailable);

/**
 * Settings > Payment (admin spec §2, §3, §7, §8): the store's card-payment account and its onboarding.
 * The provider sends the person back here with `onboarding=return` (finished or left) or
 * `onboarding=refresh` (the link expired): the first gets a fresh status, the second a way to carry on.
 */
export function PaymentTab() {
  const status = useConnectStatus();
  const onboarding = useStartOnboarding();
  const [params, setParams] = useSearchParams();
  const [arrival] = useState(() => params.get('onboarding'));
  const welcomed = useRef(false);

  useEffect(() => {
    if (!params.has('onboarding')) return;
    // Said once: a reload of the tab should not repeat it.
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('onboarding');
      return next;
    }, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (status.isError) toast.error(CONNECT_TEXT.statusUnavailableTitle, { id: 'connect-status', description: statusError(status.error) });
  }, [status.isError, status.error, status.errorUpdatedAt]);

  useEffect(() => {
    if (arrival !== 'return' || !status.data || welcomed.current) return;
    welcomed.current = true;
    if (status.data.connected) toast.success('Payment account connected', { description: readyText(status.data.provider) });
    else toast.message('Onboarding saved', { description: 'Finish the steps marked Action required to start taking payments.' });
  }, [arrival, status.data]);

  const connect = () =>
    onboarding.mutate(Boolean(status.data?.account), {
      onSuccess: (url) => window.location.assign(url),
      onError: (error) => toast.error(CONNECT_TEXT.onboardingFailed, { description: errorMessage(error, 'Please try again.') }),
    });
  const refresh = () => void status.refetch();

  if (status.isPending) return <PaymentSkeleton />;
  if (status.isError && !status.data) {
    return (
      <Alert variant="destructive" className="items-center">
        <span className="flex-1">
          <span className="font-medium">{CONNECT_TEXT.statusUnavailableTitle}</span>: {statusError(status.error)}
        </span>
        <Button size="sm" variant="outline" onClick={refresh} disabled={status.isFetching}>Try again</Button>
      </Alert>
    );
  }
  const data = status.data!;
  return (
    <div className="flex flex-col gap-6">
      {arrival === 'refresh' && !data.connected ? (
        <Alert variant="info" className="items-center">
          <Info aria-hidden />
          <span className="flex-1">Your onboarding link expired before you finished. Carry on where you left off.</span>
          <Button size="sm" onClick={connect} disabled={onboarding.isPending}>Continue onboarding</Button>
        </Alert>
      ) : null}
      <ConnectPanel status={data} refreshing={status.isFetching} connecting={onboarding.isPending || onboarding.isSuccess} onRefresh={refresh} onConnect={connect} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3"><ConnectChecklist items={data.checklist} /></div>
        <div className="lg:col-span-2"><CapabilityList capabilities={data.capabilities} provider={data.provider} /></div>
      </div>
    </div>
  );
}

function PaymentSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading payment settings">
      <Card className="flex items-start gap-4 p-5">
        <Skeleton className="size-11 rounded-lg" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-4 w-56" />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="flex flex-col gap-3 p-5 lg:col-span-3">{[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-10" />)}</Card>
        <Card className="flex flex-col gap-3 p-5 lg:col-span-2">{[0, 1].map((i) => <Skeleton key={i} className="h-8" />)}</Card>
      </div>
    </div>
  );
}
