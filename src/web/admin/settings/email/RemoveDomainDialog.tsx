import { EMAIL_SETTINGS_TEXT, type EmailDomain } from '@shared/email-settings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemoveEmailDomain } from '@/lib/admin-email-settings';

/**
 * Remove a sending domain, after saying what changes: its key pair goes with it, and mail is sent from
 * the next verified domain or, with none, from the platform's address under the store's name.
 */
export function RemoveDomainDialog({ domain, sending, onClose }: { domain: EmailDomain | null; sending: boolean; onClose: () => void }) {
  const remove = useRemoveEmailDomain();
  const confirm = () => {
    if (!domain) return;
    remove.mutate(domain.id, {
      onSuccess: () => {
        toast.success(EMAIL_SETTINGS_TEXT.domainRemoved, { description: domain.domain });
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, EMAIL_SETTINGS_TEXT.removeDomainFailed);
        toast.error(EMAIL_SETTINGS_TEXT.removeDomainFailed, message !== EMAIL_SETTINGS_TEXT.removeDomainFailed ? { description: message } : undefined);
      },
    });
  };
  return (
    <Dialog open={domain !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {domain?.domain}?</DialogTitle>
          <DialogDescription>
            {sending
              ? 'Your store’s emails are sent from this domain. Once it is removed they are sent from your next verified domain or, with none, from the platform’s address with your store’s name.'
              : 'Nothing is sent from this domain yet. Its DNS records and signing key are removed with it.'}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-zinc-600">You can take its DNS records down at your domain provider afterwards. Adding the domain again gives it new records to publish.</p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>{remove.isPending ? 'Removing…' : 'Remove domain'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
