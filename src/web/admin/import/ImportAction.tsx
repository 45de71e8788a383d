import { useState } from 'react';
import { PackageCheck } from 'lucide-react';
import { IMPORT_MESSAGES } from '@shared/imports';
import type { ImportBatch } from '@shared/import-schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useProcessImport } from '@/lib/admin-imports';
import { toast } from '@/lib/toast';

const count = (n: number, word: string) => `${n.toLocaleString('en-GB')} ${word}${n === 1 ? '' : 's'}`;

/** What the last check lets the merchant import: the products to create or update and the rows to skip. */
export function importablePlan(batch: ImportBatch): { products: number; rejected: number } | null {
  if (!batch.dry_run || (batch.status !== 'ready' && batch.status !== 'mapping')) return null;
  const { products_to_create, products_to_update, rows_rejected } = batch.dry_run.summary;
  // A 'mapping' batch without rejects has a check the server no longer counts as current.
  if (batch.status === 'mapping' && rows_rejected === 0) return null;
  return { products: products_to_create + products_to_update, rejected: rows_rejected };
}

/**
 * The import button under the check's result (decision 025): a clean check imports at once; a check
 * that rejected rows asks first, then sends skip_rejected. While the form holds a mapping that is not
 * the one checked, importing would use the saved one, so the button waits for a new check.
 */
export function ImportAction({ batch, stale }: { batch: ImportBatch; stale: boolean }) {
  const process = useProcessImport(batch.id);
  const [confirming, setConfirming] = useState(false);
  const plan = importablePlan(batch);
  if (!plan) return null;

  const start = (skipRejected: boolean) => {
    process.mutate(skipRejected, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(IMPORT_MESSAGES.importStarted, { description: `${count(plan.products, 'product')} are being imported. You can leave this page: the import carries on.` });
        window.scrollTo({ top: 0 });
      },
      onError: (err) => {
        setConfirming(false);
        toast.error('Import not started', { description: errorMessage(err, 'Failed to start the import') });
      },
    });
  };

  if (plan.products === 0) {
    return <p className="text-sm text-zinc-600">No product in this file can be imported. Fix the rejected rows and upload the file again.</p>;
  }
  const label = plan.rejected === 0 ? `Import ${count(plan.products, 'product')}` : `Import ${count(plan.products, 'product')} and skip ${count(plan.rejected, 'rejected row')}`;
  const busy = process.isPending;

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-zinc-600">
        {stale ? 'You changed the mapping after this check. Save and check the file again before importing.' : plan.rejected === 0 ? 'Products are created or updated by SKU.' : 'Rejected rows are listed afterwards, with a file of them to fix and upload again.'}
      </p>
      <Button
        onClick={() => (plan.rejected === 0 ? start(false) : setConfirming(true))}
        disabled={busy || stale}
        className="h-auto min-h-9 w-full shrink-0 py-2 whitespace-normal sm:w-auto"
      >
        {busy && !confirming ? <Spinner className="size-4 text-current" label="Starting" /> : <PackageCheck aria-hidden />}
        {label}
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => !busy && setConfirming(open)}>
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>Skip {count(plan.rejected, 'rejected row')}?</DialogTitle>
            <DialogDescription>
              {count(plan.products, 'product')} will be created or updated. The {count(plan.rejected, 'rejected row')} will not be imported: View Details lists them and gives you a file of them to fix and upload again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>Cancel</Button>
            </DialogClose>
            <Button onClick={() => start(true)} disabled={busy}>
              {busy ? <Spinner className="size-4 text-current" label="Starting" /> : null}
              Import and skip rejected rows
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
