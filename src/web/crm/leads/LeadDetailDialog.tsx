import { useState, type FormEvent } from 'react';
import { LEAD_FALLBACK, LEAD_TEXT, parseBarkMetadata, PROJECT_TYPES, updateLeadBody, type Lead } from '@shared/crm/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api';
import { useUpdateLead } from '@/lib/crm-leads';
import { toast } from '@/lib/toast';
import { capitalise, formatLeadDate, priorityBadgeVariant, statusBadgeVariant, statusLabel } from './lead-format';
import { Box, LeadFacts, LeadFactsForm, MarketplaceBox, NotesForm, draftOf, type DraftErrors, type LeadDraft } from './lead-detail-parts';

/** The lead detail dialog (admin spec §2): read first, Edit to change, Cancel puts the values back. */
export function LeadDetailDialog({ lead, onOpenChange, projectTypes = PROJECT_TYPES }: { lead: Lead | null; onOpenChange: (open: boolean) => void; projectTypes?: readonly string[] }) {
  return (
    <Dialog open={lead !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {/* Keyed by lead, so another lead (or a reopening) starts in view mode with its own values. */}
        {lead ? <LeadDetail key={lead.id} lead={lead} projectTypes={projectTypes} /> : null}
      </DialogContent>
    </Dialog>
  );
}

export function LeadDetail({ lead, projectTypes = PROJECT_TYPES }: { lead: Lead; projectTypes?: readonly string[] }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<LeadDraft>(() => draftOf(lead));
  const [errors, setErrors] = useState<DraftErrors>({});
  const update = useUpdateLead();
  const metadata = parseBarkMetadata(lead.notes);
  const set = (key: keyof LeadDraft) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const startEditing = () => {
    setDraft(draftOf(lead));
    setErrors({});
    setEditing(true);
  };
  const cancel = () => {
    setDraft(draftOf(lead));
    setErrors({});
    setEditing(false);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = updateLeadBody.safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      toast.error(LEAD_TEXT.updateFailed, { description: checked.error.issues[0]?.message });
      return;
    }
    update.mutate(
      { id: lead.id, body: draft },
      {
        onSuccess: () => {
          toast.success(LEAD_TEXT.updated);
          setEditing(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields as DraftErrors);
          const message = errorMessage(error, LEAD_TEXT.updateFailed);
          toast.error(LEAD_TEXT.updateFailed, message === LEAD_TEXT.updateFailed ? undefined : { description: message });
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={save} noValidate>
      <DialogHeader>
        <DialogTitle className="break-words">{lead.name}</DialogTitle>
        <DialogDescription className="sr-only">Lead details</DialogDescription>
        <div className="flex flex-wrap gap-2" aria-label="Lead labels">
          <Badge variant={statusBadgeVariant(lead.status)}>{statusLabel(lead.status)}</Badge>
          <Badge variant={priorityBadgeVariant(lead.priority)}>{capitalise(lead.priority)} priority</Badge>
          <Badge variant="outline">{capitalise(lead.source)}</Badge>
        </div>
      </DialogHeader>

      {editing ? <LeadFactsForm draft={draft} errors={errors} set={set} projectTypes={projectTypes} /> : <LeadFacts lead={lead} />}

      {editing ? null : (
        <Box title="Project Description">
          <p className={lead.project_description ? 'text-sm break-words whitespace-pre-wrap text-zinc-800' : 'text-sm text-zinc-400 italic'}>
            {lead.project_description || LEAD_FALLBACK.description}
          </p>
        </Box>
      )}

      {metadata ? <MarketplaceBox metadata={metadata} /> : null}

      {editing ? (
        <NotesForm draft={draft} errors={errors} set={set} />
      ) : (
        <Box title="Your Notes">
          <p className={lead.user_notes ? 'text-sm break-words whitespace-pre-wrap text-zinc-800' : 'text-sm text-zinc-400 italic'}>
            {lead.user_notes || LEAD_FALLBACK.notes}
          </p>
        </Box>
      )}

      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-xs text-zinc-500">
          <p>Created {formatLeadDate(lead.created_at)}</p>
          {lead.bark_id ? <p>Marketplace ID: {lead.bark_id}</p> : null}
        </div>
        <DialogFooter>
          {editing ? (
            <>
              <Button variant="outline" onClick={cancel} disabled={update.isPending}>Cancel</Button>
              <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save'}</Button>
            </>
          ) : (
            // preventDefault: the click must not reach the Save button React puts in this place.
            <Button onClick={(event) => { event.preventDefault(); startEditing(); }}>Edit</Button>
          )}
        </DialogFooter>
      </div>
    </form>
  );
}
