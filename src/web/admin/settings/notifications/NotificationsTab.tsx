import { useEffect, useState } from 'react';
import { PUSH_TEXT } from '@shared/push';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { usePushSubscriptions, usePushTemplates } from '@/lib/admin-push';
import { toast } from '@/lib/toast';
import { SetupPanel } from './SetupPanel';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { TemplatesPanel } from './TemplatesPanel';

const SUB_TAB = 'h-auto flex-none rounded-none border-b-2 border-transparent px-1 pb-2.5 pt-1 data-[state=active]:border-accent data-[state=active]:bg-transparent data-[state=active]:shadow-none';

/** Settings > Notifications (admin spec §2): sub-tabs Setup, Subscriptions (with a count), Templates. */
export function NotificationsTab() {
  const [tab, setTab] = useState('setup');
  const subscriptions = usePushSubscriptions();
  const templates = usePushTemplates();
  const failed = subscriptions.error ?? templates.error;

  useEffect(() => {
    if (failed) toast.error(errorMessage(failed, PUSH_TEXT.loadFailed), { id: 'push-load' });
  }, [failed]);

  const total = subscriptions.data?.total;
  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-6">
      <TabsList aria-label="Notification settings" className="h-auto w-full justify-start gap-6 rounded-none border-b border-zinc-200 bg-transparent p-0">
        <TabsTrigger value="setup" className={SUB_TAB}>Setup</TabsTrigger>
        <TabsTrigger value="subscriptions" className={SUB_TAB}>
          Subscriptions
          <span className="ml-2 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium tabular-nums text-zinc-700" aria-label={total === undefined ? 'count loading' : `${total} subscriptions`}>
            {total ?? '…'}
          </span>
        </TabsTrigger>
        <TabsTrigger value="templates" className={SUB_TAB}>Templates</TabsTrigger>
      </TabsList>
      <TabsContent value="setup"><SetupPanel templates={templates} /></TabsContent>
      <TabsContent value="subscriptions"><SubscriptionsPanel subscriptions={subscriptions} /></TabsContent>
      <TabsContent value="templates"><TemplatesPanel templates={templates} /></TabsContent>
    </Tabs>
  );
}
