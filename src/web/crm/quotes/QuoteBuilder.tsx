import { useState, type Dispatch, type SetStateAction } from 'react';
import { ExternalLink, Plus } from 'lucide-react';
import { QUOTE_BUILDER_TABS, QUOTE_TEXT, type QuoteContentInput } from '@shared/crm/quotes';
import { quotePagePath } from '@shared/crm/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { quoteLink, useQuoteLeads, useSaveQuote } from '@/lib/crm-quotes';
import { toast } from '@/lib/toast';
import { checkSave, type Draft } from './builder-state';
import { CopyLinkButton } from './CopyLinkButton';
import { LeadPicker } from './LeadPicker';
import { NarrativeTab } from './NarrativeTab';
import { PreviewTab } from './PreviewTab';
import { PricingTab } from './PricingTab';
import { ShopifyTab } from './ShopifyTab';
import type { CrmContext } from '@shared/crm/context';
import { storeQuoteContent, type CrmProjectType } from '@shared/crm/settings';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

const [NARRATIVE, PRICING, SHOPIFY, PREVIEW] = QUOTE_BUILDER_TABS;

/** The quote builder (spec §2): the lead, four tabs of content, Save; a saved quote shows its link. */
export function QuoteBuilder({ draft, setDraft, onNew, onSaved, context }: { draft: Draft; setDraft: Dispatch<SetStateAction<Draft>>; onNew: () => void; onSaved?: (sent: Draft) => void; context?: Pick<CrmContext, 'kit' | 'project_types'> }) {
  const kit = context?.kit ?? 'agency';
  // The "Shopify stack" tab is the web-agency kit's (decision 044): a store's builder has the other three.
  const tabs = kit === 'store' ? QUOTE_BUILDER_TABS.filter((t) => t !== SHOPIFY) : QUOTE_BUILDER_TABS;
  const [tab, setTab] = useState<string>(NARRATIVE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveQuote();
  const leads = useQuoteLeads();
  const lead = leads.data?.find((l) => l.id === draft.lead_id);
  const update = (patch: Partial<QuoteContentInput>) => setDraft((d) => ({ ...d, content: { ...d.content, ...patch } }));
  const tabProps = { content: draft.content, update, errors };

  const submit = () => {
    const check = checkSave(draft);
    if (!check.ok && check.reason === 'no-lead') {
      setErrors({ lead_id: QUOTE_TEXT.selectLeadBody });
      toast.error(QUOTE_TEXT.selectLeadTitle, { description: QUOTE_TEXT.selectLeadBody });
      return;
    }
    if (!check.ok) {
      setErrors(check.fields);
      toast.error(QUOTE_TEXT.saveFailed, { description: QUOTE_TEXT.saveFailedBody });
      return;
    }
    setErrors({});
    save.mutate(
      { id: draft.saved?.id ?? null, body: check.body },
      {
        onSuccess: (quote) => {
          toast.success(QUOTE_TEXT.saved);
          // What was sent is saved; anything typed while it was on its way is not.
          onSaved?.(draft);
          setDraft((d) => ({ ...d, saved: { id: quote.id, unique_url: quote.unique_url, paid: quote.paid_at !== null } }));
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toast.error(QUOTE_TEXT.saveFailed, { description: errorMessage(error, QUOTE_TEXT.saveFailedBody) });
        },
      },
    );
  };

  const messages = [...new Set(Object.values(errors))];
  return (
    <Card role="region" className="grid grid-cols-1 gap-5 p-4 sm:p-6" aria-labelledby="quote-builder-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="quote-builder-title" className="text-lg font-semibold">{draft.saved ? 'Edit quote' : 'New quote'}</h2>
          <p className="text-sm text-zinc-500">Build the proposal, check the preview, then save to get the client's link.</p>
        </div>
        {/* A new quote remounts the builder (QuotesSection's key): fresh tabs and errors. */}
        <Button variant="outline" onClick={onNew}>
          <Plus aria-hidden /> New quote
        </Button>
      </div>

      {draft.saved ? (
        <div className="flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50/60 p-3 sm:flex-row sm:items-center" role="group" aria-label="Quote link">
          <code className="min-w-0 flex-1 truncate text-sm text-zinc-800">{quoteLink(draft.saved.unique_url)}</code>
          <div className="flex gap-2">
            <CopyLinkButton uniqueUrl={draft.saved.unique_url} showLabel />
            <Button variant="outline" size="sm" asChild>
              <a href={quotePagePath(draft.saved.unique_url)} target="_blank" rel="noreferrer"><ExternalLink aria-hidden /> Open</a>
            </Button>
          </div>
        </div>
      ) : null}

      <div className={kit === 'store' ? 'grid max-w-3xl gap-4 sm:grid-cols-2' : 'max-w-xl'}>
        <LeadPicker value={draft.lead_id} error={errors.lead_id} onChange={(lead_id) => { setDraft((d) => ({ ...d, lead_id })); setErrors(({ lead_id: _, ...rest }) => rest); }} />
        {kit === 'store' && context && !draft.saved?.paid ? <ProjectTypePicker types={context.project_types} onPick={(type) => update(startFrom(type))} /> : null}
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Quote builder" className={kit === 'store' ? 'grid h-auto w-full grid-cols-3 gap-1 sm:inline-grid sm:w-auto' : 'grid h-auto w-full grid-cols-2 gap-1 sm:inline-grid sm:w-auto sm:grid-cols-4'}>
          {tabs.map((t) => <TabsTrigger key={t} value={t}>{t}</TabsTrigger>)}
        </TabsList>
        <TabsContent value={NARRATIVE}><NarrativeTab {...tabProps} kit={kit} /></TabsContent>
        <TabsContent value={PRICING}><PricingTab {...tabProps} kit={kit} /></TabsContent>
        {kit === 'agency' ? <TabsContent value={SHOPIFY}><ShopifyTab {...tabProps} /></TabsContent> : null}
        <TabsContent value={PREVIEW}><PreviewTab content={draft.content} clientName={lead ? lead.company || lead.name : null} kit={kit} /></TabsContent>
      </Tabs>

      {messages.length ? (
        <Alert variant="destructive">
          <ul className="grid gap-0.5">{messages.map((m) => <li key={m}>{m}</li>)}</ul>
        </Alert>
      ) : null}
      <div className="flex flex-col items-stretch gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-end">
        {/* The server refuses it too (409): a paid quote is the record of the deposit received. */}
        {draft.saved?.paid ? <p className="text-sm text-zinc-600">This quote has been paid and cannot be changed.</p> : null}
        <Button onClick={submit} disabled={save.isPending || draft.saved?.paid} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save quote'}
        </Button>
      </div>
    </Card>
  );
}

/** What choosing a project type fills in: its title, introduction, price and what is included (the rest stays). */
function startFrom(type: CrmProjectType): Partial<QuoteContentInput> {
  const start = storeQuoteContent(type);
  return { header_title: start.header_title, header_subtitle: start.header_subtitle, included_features: start.included_features, base_price: start.base_price, base_price_custom: start.base_price_custom };
}

/** A store's builder: start the quote from one of its project types (Settings > CRM). */
function ProjectTypePicker({ types, onPick }: { types: CrmProjectType[]; onPick: (type: CrmProjectType) => void }) {
  const [chosen, setChosen] = useState('');
  return (
    <FormField label="Start from a project type" hint="Fills in the title, introduction, price and what is included.">
      <Select
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          const type = types.find((t) => t.id === e.target.value);
          if (type) onPick(type);
        }}
      >
        <option value="">Choose a project type</option>
        {types.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
      </Select>
    </FormField>
  );
}
