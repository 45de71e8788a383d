import { useState } from 'react';
import { Link } from 'react-router';
import { FileSpreadsheet, KanbanSquare, List, Plus, RefreshCw, Users } from 'lucide-react';
import { LEAD_TEXT, type Lead } from '@shared/crm/leads';
import type { CrmContext } from '@shared/crm/context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useLeads, useLeadsLive } from '@/lib/crm-leads';
import { cn } from '@/lib/utils';
import { AddLeadDialog, projectTypeNames } from './AddLeadDialog';
import { BarkSyncDialog, SheetHeadersDialog } from './BarkDialogs';
import { LeadDetailDialog } from './LeadDetailDialog';
import { LeadsTable } from './LeadsTable';
import { PipelineBoard } from './PipelineBoard';

type Open = 'add' | 'sync' | 'headers' | null;

/**
 * Leads (admin spec §2 "CRM admin page"): the pipeline board at /admin/crm and the same leads as a
 * list at /admin/crm/leads, with the Pipeline/List toggle, the add, Bark sync and sheet-header dialogs
 * and the detail dialog. The list follows every change live (another tab, another person, an import).
 */
export function LeadsSection({ context, view }: { context: CrmContext; view: 'pipeline' | 'list' }) {
  const leads = useLeads();
  useLeadsLive();
  const [dialog, setDialog] = useState<Open>(null);
  // The open lead by id, so the dialog shows the reloaded lead after a save or someone else's change.
  const [openId, setOpenId] = useState<string | null>(null);
  const openLead = openId ? (leads.data?.find((lead) => lead.id === openId) ?? null) : null;
  const onOpen = (lead: Lead) => setOpenId(lead.id);
  const close = (open: boolean) => void (open || setDialog(null));
  const agency = context.kit === 'agency';

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-xl font-semibold text-zinc-900">{view === 'pipeline' ? 'Pipeline' : 'Leads'}</h1>
        <ViewToggle view={view} />
        {/* The Bark import is the web-agency kit's (decision 044): a store's CRM has its own leads only. */}
        {agency ? (
          <>
            <Button variant="outline" onClick={() => setDialog('headers')}><FileSpreadsheet aria-hidden />Setup Google Sheets Headers</Button>
            <Button variant="outline" onClick={() => setDialog('sync')}><RefreshCw aria-hidden />Sync Bark Leads</Button>
          </>
        ) : null}
        <Button onClick={() => setDialog('add')}><Plus aria-hidden />Add New Lead</Button>
      </div>

      {leads.isPending ? (
        <LeadsSkeleton view={view} />
      ) : leads.isError ? (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="font-medium">{LEAD_TEXT.fetchFailed}</p>
            <p className="text-sm">{errorMessage(leads.error, 'Please try again.')}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void leads.refetch()} disabled={leads.isFetching}>Try again</Button>
        </Alert>
      ) : leads.data.length === 0 && view === 'list' ? (
        <EmptyState icon={Users} title="No leads yet" action={<Button onClick={() => setDialog('add')}><Plus aria-hidden />Add New Lead</Button>}>
          {agency ? 'Add a lead by hand or sync them from your Bark sheet.' : 'Add a lead by hand: a customer who asked for a quote.'}
        </EmptyState>
      ) : view === 'pipeline' ? (
        <PipelineBoard leads={leads.data} onOpen={onOpen} />
      ) : (
        <LeadsTable leads={leads.data} onOpen={onOpen} />
      )}

      <AddLeadDialog context={context} open={dialog === 'add'} onOpenChange={close} />
      {agency ? <BarkSyncDialog context={context} open={dialog === 'sync'} onOpenChange={close} /> : null}
      {agency ? <SheetHeadersDialog open={dialog === 'headers'} onOpenChange={close} /> : null}
      <LeadDetailDialog lead={openLead} onOpenChange={(open) => void (open || setOpenId(null))} projectTypes={projectTypeNames(context)} />
    </div>
  );
}

/** Pipeline/List: two links, so the browser's back button and a shared URL keep the view. */
function ViewToggle({ view }: { view: 'pipeline' | 'list' }) {
  const item = (active: boolean) =>
    cn('inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium', active ? 'bg-white text-zinc-900 shadow-xs' : 'text-zinc-600 hover:text-zinc-900');
  return (
    <nav aria-label="Leads view" className="inline-flex rounded-md bg-zinc-100 p-0.5">
      <Link to="/admin/crm" className={item(view === 'pipeline')} aria-current={view === 'pipeline' ? 'page' : undefined}>
        <KanbanSquare className="size-4" aria-hidden />Pipeline
      </Link>
      <Link to="/admin/crm/leads" className={item(view === 'list')} aria-current={view === 'list' ? 'page' : undefined}>
        <List className="size-4" aria-hidden />List
      </Link>
    </nav>
  );
}

function LeadsSkeleton({ view }: { view: 'pipeline' | 'list' }) {
  if (view === 'list')
    return (
      <div role="status" aria-label="Loading leads">
        <Skeleton className="h-72 w-full" />
      </div>
    );
  return (
    <div className="flex gap-3 overflow-hidden" aria-label="Loading leads" role="status">
      {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-72 w-64 shrink-0" />)}
    </div>
  );
}
