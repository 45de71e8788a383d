import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteDiscount, type AdminDiscount } from '@/lib/admin-discounts';
import { toast } from '@/lib/toast';
import { DISCOUNT_MESSAGES } from '@shared/admin-discounts';

/**
 * Deleting a code no one used removes it for good. A used one cannot be deleted (orders keep their copy
 * and its uses count towards its limit): the dialog says it will be switched off instead, and the
 * server decides either way (a checkout may take it while the dialog is open).
 */
export function DeleteDiscountDialog({ discount, onClose, onDeleted }: { discount: AdminDiscount | null; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteDiscount();
  const used = discount !== null && (discount.uses > 0 || discount.orders > 0);
  const confirm = () => {
    if (!discount) return;
    remove.mutate(discount.id, {
      onSuccess: (kept) => {
        if (kept) toast.success(`${discount.code} switched off`, { description: DISCOUNT_MESSAGES.switchedOffInstead });
        else toast.success(`${discount.code} deleted`);
        onClose();
        onDeleted?.();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete the discount code')),
    });
  };
  return (
    <Dialog open={discount !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete discount code</DialogTitle>
          <DialogDescription>
            {used
              ? `${discount?.code} has been used, so it cannot be deleted: it will be switched off instead. Shoppers can no longer use it; orders placed with it keep their discount, and its uses still count.`
              : `Are you sure you want to delete ${discount?.code ?? ''}? Shoppers will no longer be able to use it. This cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>Cancel</Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Working…' : used ? 'Switch off' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
