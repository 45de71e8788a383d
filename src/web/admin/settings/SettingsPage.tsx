import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StoreInfoTab } from './store/StoreInfoTab';
import { PaymentTab } from './payment/PaymentTab';
import { EmailTab } from './email/EmailTab';
import { NotificationsTab } from './notifications/NotificationsTab';
import { ShippingTab } from './shipping/ShippingTab';
import { PoliciesTab } from './policies/PoliciesTab';
import { TeamTab } from './team/TeamTab';
import { CrmSettingsTab } from './crm/CrmSettingsTab';
import { mayUse, useAdminAccess, type AdminNeed } from '../access';

/** The five settings tabs of admin spec §2, in the spec's order, then Policies (issue 25) and Team (issue
 * 27). The tab lives in `?tab=` so a reload, a shared link or the payment onboarding return lands on the
 * same tab. Payment and Team are for owners and admins; the rest for staff with the Settings permission. */
export const SETTINGS_TABS: { value: string; label: string; Panel: () => React.ReactNode; need: AdminNeed }[] = [
  { value: 'store', label: 'Store Info', Panel: StoreInfoTab, need: 'settings' },
  { value: 'payment', label: 'Payment', Panel: PaymentTab, need: 'manage' },
  { value: 'email', label: 'Email', Panel: EmailTab, need: 'settings' },
  { value: 'notifications', label: 'Notifications', Panel: NotificationsTab, need: 'settings' },
  { value: 'shipping', label: 'Shipping', Panel: ShippingTab, need: 'settings' },
  { value: 'policies', label: 'Policies', Panel: PoliciesTab, need: 'settings' },
  { value: 'team', label: 'Team', Panel: TeamTab, need: 'manage' },
  // Issue 27 item 2 (decision 044): the store's own CRM, here so it can be switched back on once off.
  { value: 'crm', label: 'CRM', Panel: CrmSettingsTab, need: 'settings' },
];

export function SettingsPage() {
  const access = useAdminAccess();
  const tabs = SETTINGS_TABS.filter((t) => mayUse(access, t.need));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = tabs.some((t) => t.value === requested) ? requested! : 'store';
  const select = (value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    next.set('tab', value);
    return next;
  }, { replace: true });
  // On a phone the tab row scrolls sideways: keep the chosen tab in view (a link to ?tab=shipping).
  const tabRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chosen = tabRow.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (chosen && typeof chosen.scrollIntoView === 'function') chosen.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Store Settings</h1>
        <p className="mt-1 text-sm text-zinc-500">Store details, payments, email, notifications, shipping, the policies shoppers see, your team and your CRM.</p>
      </div>
      <Tabs value={tab} onValueChange={select} className="flex flex-col gap-6">
        <div ref={tabRow} className="min-w-0">
          <TabsList className="w-full justify-start overflow-x-auto sm:w-fit">
            {tabs.map((t) => <TabsTrigger key={t.value} value={t.value} className="whitespace-nowrap">{t.label}</TabsTrigger>)}
          </TabsList>
        </div>
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}><Panel /></TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
