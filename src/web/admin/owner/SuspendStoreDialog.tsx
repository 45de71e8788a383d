import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useSetSuspended } from '@/lib/platform';
import type { TenantListItem } from '@shared/tenants';

/** Owner only: closing a store is loud (its shoppers see "This store is closed"), so it is confirmed. */
export function SuspendStoreDialog({ tenant, open, onOpenChange }: { tenant: TenantListItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const setSuspended = useSetSuspended();
  const suspending = tenant.suspended_at === null;

  const confirm = async () => {
    try {
      await setSuspended.mutateAsync({ tenantId: tenant.id, suspended: suspending });
      toast.success(suspending ? 'Store suspended' : 'Store reactivated', {
        description: suspending ? `${tenant.name} now shows “This store is closed”.` : `${tenant.name} is open to shoppers again.`,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, suspending ? 'Failed to suspend store' : 'Failed to reactivate store'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{suspending ? `Suspend ${tenant.name}?` : `Reactivate ${tenant.name}?`}</DialogTitle>
          <DialogDescription>
            {suspending
              ? 'Shoppers will see “This store is closed” and cannot order. Payments already under way are still recorded. Only the store’s owners keep access to its admin.'
              : 'The storefront opens again and the whole team gets its admin back.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant={suspending ? 'destructive' : 'default'} disabled={setSuspended.isPending} onClick={() => void confirm()}>
            {setSuspended.isPending ? 'Saving…' : suspending ? 'Suspend store' : 'Reactivate store'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
