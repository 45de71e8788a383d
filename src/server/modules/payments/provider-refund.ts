import { AppError } from '../../http/errors';
import type { PaymentProvider, RefundInput, RefundResult } from '../../adapters/payments/payments';

/** What a provider answered a refund: the refund it made, a refusal (an AppError), or nothing we can trust. */
export type ProviderRefundAnswer = { result: RefundResult } | { refused: AppError } | { unknown: unknown };

/**
 * Asks the provider for a refund under the caller's idempotency key, outside any transaction. An
 * unknown answer (a network error, a provider that failed after accepting) is asked once more with the
 * same key, which can only answer the refund already made or make the one asked for (issue 11).
 */
export async function askProviderRefund(payments: PaymentProvider, input: RefundInput): Promise<ProviderRefundAnswer> {
  let unknown: unknown;
  for (let tries = 0; tries < 2; tries++) {
    try {
      return { result: await payments.refund(input) };
    } catch (error) {
      if (error instanceof AppError) return { refused: error };
      unknown = error;
    }
  }
  return { unknown };
}
