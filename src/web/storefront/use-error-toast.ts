import { useEffect } from 'react';
import { toast } from '@/lib/toast';

/**
 * Reports a failed load as the spec's toast ('Error' / '{text}', storefront spec §8). The page's own
 * error state carries the server's message and a retry; the toast keeps the spec's wording. The
 * fixed id keeps repeated failures to one toast. Pass null when there is nothing to report.
 */
export function useErrorToast(error: unknown, text: string, id: string) {
  useEffect(() => {
    if (error) toast.error('Error', { id, description: text });
  }, [error, text, id]);
}
