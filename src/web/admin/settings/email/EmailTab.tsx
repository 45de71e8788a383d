import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CheckoutRecoveryPanel } from './CheckoutRecoveryPanel';
import { EmailDomainsPanel } from './EmailDomainsPanel';
import { TemplatesPanel } from './TemplatesPanel';

/**
 * Settings > Email (admin spec §2): sub-tabs Email Domains and Templates, and Checkout recovery (issue
 * 28, decision 048), whose email is one of the templates.
 */
const SUB_TABS = ['domains', 'templates', 'recovery'];

export function EmailTab() {
  // A link may open a sub-tab: /admin/settings?tab=email&email=recovery (the dashboard's card).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (SUB_TABS.includes(params.get('email') ?? '') ? params.get('email')! : 'domains'));
  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-5">
      <TabsList className="w-full justify-start overflow-x-auto sm:w-fit" aria-label="Email settings">
        <TabsTrigger value="domains" className="whitespace-nowrap">Email Domains</TabsTrigger>
        <TabsTrigger value="templates" className="whitespace-nowrap">Templates</TabsTrigger>
        <TabsTrigger value="recovery" className="whitespace-nowrap">Checkout recovery</TabsTrigger>
      </TabsList>
      <TabsContent value="domains" className="mt-0"><EmailDomainsPanel /></TabsContent>
      <TabsContent value="templates" className="mt-0"><TemplatesPanel /></TabsContent>
      <TabsContent value="recovery" className="mt-0"><CheckoutRecoveryPanel onEditTemplate={() => setTab('templates')} /></TabsContent>
    </Tabs>
  );
}
