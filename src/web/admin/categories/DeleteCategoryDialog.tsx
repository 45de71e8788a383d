import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteCategory, type AdminCategory } from '@/lib/admin-categories';

/**
 * Spec §2: delete asks 'Are you sure you want to delete "{name}"?'. The server keeps the products (they
 * only leave this category) and moves sub-categories to the top level; the dialog says so.
 */
export function DeleteCategoryDialog({ category, childCount, onClose }: { category: AdminCategory | null; childCount: number; onClose: () => void }) {
  const remove = useDeleteCategory();
  const confirm = () => {
    if (!category) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        toast.success('Category deleted successfully');
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to delete category');
        toast.error('Failed to delete category', message !== 'Failed to delete category' ? { description: message } : undefined);
      },
    });
  };
  const products = category?.product_count ?? 0;
  return (
    <Dialog open={category !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete category</DialogTitle>
          <DialogDescription>Are you sure you want to delete &quot;{category?.name}&quot;?</DialogDescription>
        </DialogHeader>
        {products > 0 || childCount > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600">
            {products > 0 ? <li>Its {products} product{products === 1 ? '' : 's'} stay in your catalogue but leave this category.</li> : null}
            {childCount > 0 ? <li>Its {childCount} sub-categor{childCount === 1 ? 'y moves' : 'ies move'} to the top level.</li> : null}
          </ul>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>Cancel</Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>{remove.isPending ? 'Deleting…' : 'Delete'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
