import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteProduct } from '@/lib/admin-products';

/** Asks before deleting (spec §2); past orders keep their own copy of the product's name and price. */
export function DeleteProductDialog({ product, open, onOpenChange }: { product: { id: string; name: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteProduct();
  const confirm = () =>
    remove.mutate(product.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success('Product deleted', { description: `${product.name} has been removed successfully.` });
      },
      onError: (error) => toast.error('Failed to delete product', { description: errorMessage(error, 'Please try again shortly.') }),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete product</DialogTitle>
          <DialogDescription>Are you sure you want to delete {product.name}?</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-zinc-600">It disappears from your store at once. Past orders keep their own record of it.</p>
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>{remove.isPending ? 'Deleting...' : 'Delete'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
