import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useConfirmClaim } from '@/lib/orders';

// Storefront spec §8.
export const CLAIM_SUCCESS = 'Orders claimed successfully!';

/**
 * /my-orders?claim=TOKEN, opened from the emailed link by a signed-in shopper: confirms the claim once
 * (the link works only once, so never twice, even when React runs effects twice in development) and
 * takes the token out of the address so a reload does not try it again.
 */
export function useClaimLink(signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const token = params.get('claim');
  const confirm = useConfirmClaim();
  const { mutate } = confirm;
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !signedIn || tried.current === token) return;
    tried.current = token;
    mutate(token, {
      onSuccess: (result) => {
        const description = result.claimed === 0 ? 'There were no other orders placed with that email.' : `${result.claimed} ${result.claimed === 1 ? 'order was' : 'orders were'} added to your account.`;
        toast.success(result.message || CLAIM_SUCCESS, { description });
      },
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('claim');
            return next;
          },
          { replace: true },
        ),
    });
  }, [token, signedIn, mutate, setParams]);

  return { token, confirm };
}
