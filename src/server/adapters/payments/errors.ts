import { AppError } from '../../http/errors';
import { formatGBP, penceToPounds } from '../../../shared/money';

/**
 * A refund the provider refused: more than is left on the payment, a session that was never paid, or
 * a bad amount. An AppError, so a route that lets it through answers 409/400 with the message.
 */
export class RefundError extends AppError {
  constructor(code: 'refund_too_large' | 'refund_not_paid' | 'refund_invalid' | 'refund_failed', message: string) {
    super(code === 'refund_invalid' ? 400 : 409, code, message);
  }
}

export const refundTooLarge = (amount: number, left: number) =>
  new RefundError(
    'refund_too_large',
    `A refund of ${formatGBP(penceToPounds(amount))} is more than the ${formatGBP(penceToPounds(left))} left to refund on this payment.`,
  );

/**
 * expireSession() found the session already paid: the shopper paid before the reservation ran out,
 * so the order must not be cancelled (the completed webhook is on its way, or already handled).
 */
export class PaymentSessionCompleteError extends Error {
  constructor(readonly sessionId: string) {
    super(`Payment session ${sessionId} is already paid and cannot be expired.`);
  }
}

/**
 * expireSession() was given a session the provider does not know (another account's, or one it has
 * forgotten): it cannot be paid, so there is nothing to close.
 */
export class PaymentSessionUnknownError extends Error {
  constructor(readonly sessionId: string) {
    super(`Payment session ${sessionId} is not known to the payment provider.`);
  }
}

/** The input broke the provider contract (CreateSessionInput's total is the lines plus delivery). */
export class PaymentInputError extends Error {}
