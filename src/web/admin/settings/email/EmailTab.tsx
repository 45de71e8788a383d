import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EmailDomainsPanel } from './EmailDomainsPanel';
import { TemplatesPanel } from './TemplatesPanel';

/** Settings > Email (admin spec §2): sub-tabs Email Domains and Templates. */
export function EmailTab() {
  const [tab, setTab] = useState('domains');
  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-5">
      <TabsList className="w-full sm:w-fit" aria-label="Email settings">
        <TabsTrigger value="domains" className="whitespace-nowrap">Email Domains</TabsTrigger>
        <TabsTrigger value="templates" className="whitespace-nowrap">Templates</TabsTrigger>
      </TabsList>
      <TabsContent value="domains" className="mt-0"><EmailDomainsPanel /></TabsContent>
      <TabsContent value="templates" className="mt-0"><TemplatesPanel /></TabsContent>
    </Tabs>
  );
}
