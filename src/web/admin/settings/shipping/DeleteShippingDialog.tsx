import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteShippingMethod, type AdminShippingMethod } from '@/lib/admin-shipping';
import { toast } from '@/lib/toast';

/**
 * Deleting is for good, but orders placed with the option keep its name, price and delivery time
 * (each order holds its own copy), so the dialog says so; switching it off is the gentler choice.
 */
export function DeleteShippingDialog({ method, onClose }: { method: AdminShippingMethod | null; onClose: () => void }) {
  const remove = useDeleteShippingMethod();
  const confirm = () => {
    if (!method) return;
    remove.mutate(method.id, {
      onSuccess: () => {
        toast.success('Delivery option deleted');
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete delivery option')),
    });
  };
  const orders = method?.order_count ?? 0;
  return (
    <Dialog open={method !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete delivery option</DialogTitle>
          <DialogDescription>Are you sure you want to delete &quot;{method?.name}&quot;? Shoppers will no longer be able to choose it.</DialogDescription>
        </DialogHeader>
        {orders > 0 ? (
          <p className="text-sm text-zinc-600">
            {orders} order{orders === 1 ? ' was' : 's were'} placed with it. {orders === 1 ? 'It keeps' : 'They keep'} the delivery name, price and time shown when placed.
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>Cancel</Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>{remove.isPending ? 'Deleting…' : 'Delete'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
