import { useState, type FormEvent } from 'react';
import { Copy } from 'lucide-react';
import { BARK_SHEET_COLUMNS, LEAD_TEXT } from '@shared/crm/leads';
import type { CrmContext } from '@shared/crm/context';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api';
import { useBarkImport } from '@/lib/crm-leads';
import { toast } from '@/lib/toast';

// The Bark sheet import (admin spec §2, §7): a published Google Sheet's CSV export, preset from the
// server's configuration, editable, and remembered in this browser once used.
export const BARK_URL_STORAGE_KEY = 'crm.barkSheetUrl';

function rememberedUrl(preset: string): string {
  try {
    return localStorage.getItem(BARK_URL_STORAGE_KEY) || preset;
  } catch {
    return preset; // storage blocked: the preset still works
  }
}

export function BarkSyncDialog({ context, open, onOpenChange }: { context: CrmContext; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sync Bark Leads</DialogTitle>
          <DialogDescription>Imports the sheet&apos;s rows not yet in this sales book; rows already imported are skipped.</DialogDescription>
        </DialogHeader>
        {open ? <BarkSyncForm context={context} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BarkSyncForm({ context, onDone }: { context: CrmContext; onDone: () => void }) {
  const [url, setUrl] = useState(() => rememberedUrl(context.bark_sheet_url));
  const [error, setError] = useState<string | undefined>();
  const sync = useBarkImport(context.scope === 'tenant' ? (context.tenant?.id ?? null) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sheetsUrl = url.trim();
    if (!sheetsUrl) {
      setError('Enter the published sheet URL');
      return;
    }
    sync.mutate(sheetsUrl, {
      onSuccess: (result) => {
        try {
          localStorage.setItem(BARK_URL_STORAGE_KEY, sheetsUrl);
        } catch {
          // not remembered; nothing else depends on it
        }
        toast.success(LEAD_TEXT.imported(result.imported));
        onDone();
      },
      onError: (failure) => {
        if (failure instanceof ApiError) setError(failure.fields.sheets_url);
        const message = errorMessage(failure, LEAD_TEXT.importFailed);
        toast.error(LEAD_TEXT.importFailed, message === LEAD_TEXT.importFailed ? undefined : { description: message });
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <FormField label="Google Sheet CSV URL" error={error} hint="File > Share > Publish to web, as CSV.">
        <Input type="url" value={url} onChange={(e) => { setUrl(e.target.value); setError(undefined); }} maxLength={2000} placeholder="https://docs.google.com/spreadsheets/d/.../export?format=csv" />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={sync.isPending}>{sync.isPending ? 'Importing...' : 'Import Leads'}</Button>
      </DialogFooter>
    </form>
  );
}

/** 'Setup Google Sheets Headers': the header row the import reads, ready to paste into row 1. */
export function SheetHeadersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(BARK_SHEET_COLUMNS.join('\t'));
      toast.success(LEAD_TEXT.headersCopied);
    } catch {
      toast.error('Could not copy the headers', { description: 'Select them in the list and copy them by hand.' });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Setup Google Sheets Headers</DialogTitle>
          <DialogDescription>Paste these into the first row of the sheet, one per column, in this order.</DialogDescription>
        </DialogHeader>
        <ol className="grid max-h-72 list-decimal gap-0.5 overflow-y-auto rounded-md bg-zinc-50 py-3 pr-3 pl-10 font-mono text-xs text-zinc-800 sm:grid-cols-2" aria-label="Sheet headers">
          {BARK_SHEET_COLUMNS.map((column) => <li key={column}>{column}</li>)}
        </ol>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>Close</Button>
          <Button onClick={() => void copy()}><Copy aria-hidden />Copy Headers</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
