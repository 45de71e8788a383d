import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useSetSuspended } from '@/lib/platform';
import { PLATFORM_NAME, SUSPEND_REASON_MAX, suspendBody, type TenantListItem } from '@shared/tenants';

/** Owner only: closing a store is loud (its shoppers see "This store is closed"), so it is confirmed. */
export function SuspendStoreDialog({ tenant, open, onOpenChange }: { tenant: TenantListItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const setSuspended = useSetSuspended();
  const suspending = tenant.suspended_at === null;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const confirm = async () => {
    const checked = suspending ? suspendBody.safeParse({ reason }) : null;
    if (checked && !checked.success) return setReasonError(checked.error.issues[0].message);
    try {
      await setSuspended.mutateAsync({ tenantId: tenant.id, reason: checked?.success ? checked.data.reason : null });
      setReason('');
      toast.success(suspending ? 'Store suspended' : 'Store reactivated', {
        description: suspending ? `${tenant.name} now shows “This store is closed”.` : `${tenant.name} is open to shoppers again.`,
      });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields.reason) setReasonError(error.fields.reason);
      else toast.error(errorMessage(error, suspending ? 'Failed to suspend store' : 'Failed to reactivate store'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{suspending ? `Suspend ${tenant.name}?` : `Reactivate ${tenant.name}?`}</DialogTitle>
          <DialogDescription>
            {suspending
              ? 'Shoppers will see “This store is closed” and cannot order. Payments already under way are still recorded. The store’s team can still see, fulfil and refund orders; everything else in its admin is locked, with your reason shown.'
              : 'The storefront opens again and the whole team gets its admin back.'}
          </DialogDescription>
        </DialogHeader>
        {suspending ? (
          <FormField label="Reason" hint={`Shown to the store’s team, with ${PLATFORM_NAME}’s support address.`} error={reasonError ?? undefined}>
            <Textarea rows={3} maxLength={SUSPEND_REASON_MAX} value={reason} onChange={(e) => { setReason(e.target.value); setReasonError(null); }} />
          </FormField>
        ) : null}
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
