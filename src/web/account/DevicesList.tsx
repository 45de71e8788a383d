import { MonitorSmartphone } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDevices, useSignOutDevice, useSignOutOtherDevices } from '@/lib/account-settings';
import type { Device } from '@shared/account-settings';
import { SettingsSection } from './SettingsSection';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** Signed-in devices: each session's browser, when it began and was last used; sign one or all others out. */
export function DevicesList() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = devices.data?.devices.filter((d) => !d.current).length ?? 0;

  const endOne = (device: Device) =>
    signOut.mutate(device.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error, 'Could not sign that device out.')),
    });
  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error, 'Could not sign the other devices out.')),
    });

  return (
    <SettingsSection
      icon={MonitorSmartphone}
      title="Signed-in devices"
      description="Where your account is signed in now. Sign out any you do not recognise, then change your password."
      action={
        others > 0 ? (
          <Button variant="outline" size="sm" disabled={signOutOthers.isPending} onClick={endOthers} className="shrink-0">
            Sign out everywhere else
          </Button>
        ) : null
      }
    >
      {devices.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : devices.isError ? (
        <Alert variant="destructive">
          <span>{errorMessage(devices.error, 'Could not load your devices.')}</span>
          <Button size="sm" variant="outline" onClick={() => void devices.refetch()}>Try again</Button>
        </Alert>
      ) : (
        <ul aria-label="Signed-in devices" className="divide-y divide-zinc-100 rounded-md border border-zinc-200">
          {devices.data.devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {device.browser}
                  {device.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="text-xs text-zinc-500">
                  Signed in {when(device.created_at)} · last used {when(device.last_seen_at)}
                </p>
              </div>
              {device.current ? null : (
                <Button variant="ghost" size="sm" aria-label={`Sign out ${device.browser}`} disabled={signOut.isPending && signOut.variables === device.id} onClick={() => endOne(device)}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
