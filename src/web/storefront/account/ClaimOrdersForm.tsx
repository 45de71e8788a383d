import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { claimOrdersBody, type ClaimOrdersBody } from '@shared/claim-schemas';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { useClaimOrders } from '@/lib/orders';

// Storefront spec §8.
export const CLAIM_FAILED = 'Failed to claim orders';

/**
 * Orders placed as a guest join the account only through a verified email (DESIGN, "Hosts, tenants
 * and people"): this asks the server to email a one-time link to the address given. The address is
 * checked with the route's own schema first (spec §5: required after trimming).
 */
export function ClaimOrdersForm() {
  const claim = useClaimOrders();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ClaimOrdersBody>({ defaultValues: { email: '' }, resolver: zodResolver(claimOrdersBody) });
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit(async (body) => {
    setSent(null);
    try {
      const result = await claim.mutateAsync(body);
      setSent(result.message);
    } catch (failure) {
      if (!applyServerFieldErrors(failure, form.setError, ['email'])) toast.error(CLAIM_FAILED, { description: errorMessage(failure, 'Please try again in a moment.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Claim earlier orders" className="mx-auto grid w-full max-w-md gap-3 text-left">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <FormField label="Email used for your orders" error={error}>
          <Input type="email" autoComplete="email" placeholder="you@example.co.uk" maxLength={254} {...form.register('email')} />
        </FormField>
        <Button type="submit" className="sm:mt-[1.625rem]" disabled={claim.isPending}>
          {claim.isPending ? 'Sending...' : 'Find my orders'}
        </Button>
      </div>
      {sent ? (
        <Alert>
          <MailCheck aria-hidden />
          <span>{sent}</span>
        </Alert>
      ) : null}
    </form>
  );
}
