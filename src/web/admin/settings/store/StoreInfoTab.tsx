import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useStoreSettings } from '@/lib/admin-settings';
import { toast } from '@/lib/toast';
import { StoreInfoForm } from './StoreInfoForm';

/** Settings > Store Info (admin spec §2): loads the settings, then the form; a skeleton and an error state. */
export function StoreInfoTab() {
  const settings = useStoreSettings();

  useEffect(() => {
    if (settings.isError) toast.error(errorMessage(settings.error, 'Failed to load settings'), { id: 'settings-load' });
  }, [settings.isError, settings.error]);

  if (settings.isError) {
    return (
      <Alert variant="destructive" className="items-center">
        <span className="flex-1">
          <span className="block font-medium">Failed to load settings</span>
          {errorMessage(settings.error, '') ? <span className="block">{errorMessage(settings.error, '')}</span> : null}
        </span>
        <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (settings.isPending) {
    return (
      <div className="grid max-w-4xl gap-6" aria-busy="true" aria-label="Loading settings">
        {[0, 1, 2].map((card) => (
          <div key={card} className="grid gap-4 rounded-lg border border-zinc-200 bg-white p-5">
            <Skeleton className="h-5 w-40" />
            <div className="grid gap-4 sm:grid-cols-2">
              {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-9" />)}
            </div>
          </div>
        ))}
      </div>
    );
  }
  // Keyed by the store: switching store (owner on the platform host) starts the form afresh.
  return <StoreInfoForm key={settings.data.tenant_uuid} settings={settings.data.settings} tenantUuid={settings.data.tenant_uuid} />;
}
