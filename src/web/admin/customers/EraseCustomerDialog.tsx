import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEraseCustomer } from '@/lib/admin-customers';
import type { CustomerDetail } from '@/lib/admin-customers';

function ordersLine(count: number): string {
  if (count === 0) return 'Their name, email, phone and addresses are removed from any unpaid checkouts of theirs.';
  if (count === 1) return 'Their name, email, phone and addresses are removed from their order, which keeps its amounts, VAT and items for your accounts.';
  return `Their name, email, phone and addresses are removed from their ${count.toLocaleString('en-GB')} orders, which keep their amounts, VAT and items for your accounts.`;
}

/**
 * Erase a customer's data (UK GDPR, issue 26), asked for by the customer: never one click, the email is
 * typed again. The server refuses while an order of theirs is still being paid for, delivered or refunded.
 */
export function EraseCustomerDialog({ customer, open, onOpenChange }: { customer: CustomerDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const erase = useEraseCustomer(customer.id);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const matches = typed.trim().toLowerCase() === customer.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    erase.mutate(
      { confirm_email: typed },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onOpenChange(false);
          navigate('/admin/customers', { replace: true });
        },
        onError: (err) => setError({ message: errorMessage(err, 'Could not erase the customer’s data'), field: err instanceof ApiError ? err.fields.confirm_email : undefined }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => { onOpenChange(next); if (!next) { setTyped(''); setError(null); } }}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Erase this customer’s data?</DialogTitle>
            <DialogDescription>Do this when the customer asks you to. It cannot be undone.</DialogDescription>
          </DialogHeader>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-zinc-700">
            <li>{ordersLine(customer.orders_count)}</li>
            <li>Their saved addresses, your team’s notes, the emails you sent them and this customer record are deleted.</li>
            <li>Their reviews stay on your products without their email.</li>
          </ul>
          <FormField label={`Type ${customer.email} to confirm`} error={error?.field}>
            <Input value={typed} onChange={(e) => { setTyped(e.target.value); setError(null); }} autoComplete="off" spellCheck={false} inputMode="email" />
          </FormField>
          {error && !error.field ? <Alert variant="destructive">{error.message}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" variant="destructive" disabled={!matches || erase.isPending}>{erase.isPending ? 'Erasing…' : 'Erase data'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
