import { checkoutRecoverySettingsBody, type CheckoutRecoverySettingsBody } from '@shared/checkout-recovery-schemas';
import type { CheckoutRecoverySettings } from '@shared/checkout-recovery';

// Settings > Email > Checkout recovery's working copy (decision 048): the hours as typed, checked with
// the route's own schema before sending. Pure, so it is testable.

export interface RecoveryDraft {
  enabled: boolean;
  hours: string;
}

export const recoveryDraftOf = (settings: CheckoutRecoverySettings): RecoveryDraft => ({ enabled: settings.enabled, hours: String(settings.send_after_hours) });

/** The body to send, or each field's message. A number typed with spaces is fine; 4.5, 4h or nothing is not. */
export function checkRecoveryDraft(draft: RecoveryDraft): { ok: true; body: CheckoutRecoverySettingsBody } | { ok: false; fields: Record<string, string> } {
  const text = draft.hours.trim();
  const hours = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  const parsed = checkoutRecoverySettingsBody.safeParse({ enabled: draft.enabled, send_after_hours: hours });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, fields: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
}
