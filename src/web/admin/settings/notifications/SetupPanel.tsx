import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ShieldCheck, Smartphone, Zap } from 'lucide-react';
import type { PushTemplate } from '@shared/push-schemas';
import PushConsent from '@/components/push/PushConsent';
import type { ConsentStatus } from '@/components/push/use-push-consent';
import { useRefreshPushSubscriptions } from '@/lib/admin-push';
import { TestPushCard } from './TestPushCard';

/** Setup: this device's consent (staff pushes for paid orders) and a test send. */
export function SetupPanel({ templates }: { templates: UseQueryResult<PushTemplate[]> }) {
  const refresh = useRefreshPushSubscriptions();
  // This device's order alerts: a test is only sent once they are on.
  const [staffStatus, setStaffStatus] = useState<ConsentStatus>('checking');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid content-start gap-6">
        <PushConsent
          kind="staff"
          mode="card"
          title="Order alerts on this device"
          description="Get a notification on this device the moment a customer pays for an order, even when the admin is closed."
          onChange={refresh}
          onStatus={setStaffStatus}
        />
        <TestPushCard templates={templates} staffStatus={staffStatus} />
      </div>
      <aside aria-label="How push notifications work" className="grid content-start gap-4 self-start rounded-lg border border-zinc-200 bg-zinc-50 p-5 text-sm">
        <h3 className="font-semibold text-zinc-900">How it works</h3>
        <Point icon={Smartphone} title="Per device">Each browser or phone that should ring is enabled on its own, by the person using it.</Point>
        <Point icon={Zap} title="Paid orders">Everyone on your team with alerts on hears of each order as soon as its payment arrives.</Point>
        <Point icon={ShieldCheck} title="Private">Notifications are end-to-end encrypted to each device with the Web Push standard.</Point>
      </aside>
    </div>
  );
}

function Point({ icon: Icon, title, children }: { icon: typeof Zap; title: string; children: string }) {
  return (
    <div className="flex gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
      <p className="text-zinc-600"><span className="font-medium text-zinc-900">{title}.</span> {children}</p>
    </div>
  );
}
