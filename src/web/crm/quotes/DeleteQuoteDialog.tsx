import { QUOTE_TEXT } from '@shared/crm/quotes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteQuote } from '@/lib/crm-quotes';
import { toast } from '@/lib/toast';

/** The delete confirmation (spec §8); closes on success, stays open to retry on failure. */
export function DeleteQuoteDialog({ quote, onClose, onDeleted }: { quote: { id: string; header_title: string } | null; onClose: () => void; onDeleted: (id: string) => void }) {
  const remove = useDeleteQuote();
  const confirm = () => {
    if (!quote) return;
    remove.mutate(quote.id, {
      onSuccess: () => {
        toast.success(QUOTE_TEXT.deleted);
        onDeleted(quote.id);
        onClose();
      },
      // The server says why when it can (a paid quote is kept, 409).
      onError: (error) => toast.error(QUOTE_TEXT.deleteFailed, { description: errorMessage(error, '') || undefined }),
    });
  };
  return (
    <Dialog open={quote !== null} onOpenChange={(open) => (!open && !remove.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete quote</DialogTitle>
          <DialogDescription>{QUOTE_TEXT.confirmDelete}</DialogDescription>
        </DialogHeader>
        {quote ? <p className="text-sm font-medium text-zinc-900">{quote.header_title}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>Cancel</Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>{remove.isPending ? 'Deleting...' : 'Delete'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
