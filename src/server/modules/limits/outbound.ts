import type { Tx } from '../../db/connection';
import { OUTBOUND_WINDOW_MS, type OutboundBudget } from '../../../shared/outbound-limits';
import { RECOVERY_EMAIL_LIMITS, RECOVERY_WINDOW_MS, type RecoveryEmailTexts } from '../../../shared/recovery-emails';
import { spendPlatformAllowance, spendStoreAllowance, type Limit } from './limiter';

/**
 * Budgets of actions that reach outside the platform (decision 033): one per store (or sales book)
 * and one per account. Spent in the caller's transaction before the action goes out: a refusal
 * throws 429 with Retry-After and rolls the transaction back, so nothing refused is ever counted.
 */
export interface OutboundLimit {
  store: Limit;
  account: Limit;
}

export function outboundLimit(bucket: string, budget: OutboundBudget, texts: { store: string; account: string }): OutboundLimit {
  return {
    store: { bucket: `${bucket}_store`, max: budget.perStore, windowMs: OUTBOUND_WINDOW_MS, message: texts.store },
    account: { bucket: `${bucket}_account`, max: budget.perAccount, windowMs: OUTBOUND_WINDOW_MS, message: texts.account },
  };
}

/** The platform's own book and site have no tenant: they count as one store of their own. */
const PLATFORM_STORE = 'platform';

/**
 * A store's share: in the store's own table, or for the platform (tenantId null: the platform's sales
 * book, the platform host) in the platform table under a key no account or address can take.
 */
async function spendStoreShare(tx: Tx, tenantId: string | null, limit: Limit): Promise<void> {
  if (tenantId) await spendStoreAllowance(tx, tenantId, limit, 'store');
  else await spendPlatformAllowance(tx, limit, PLATFORM_STORE);
}

/**
 * Spends one action of the account's allowance (platform-wide: an account reaches every store it
 * belongs to) and then of the store's. The account's comes first, so an account past its own limit
 * never uses up the store's.
 */
export async function spendOutboundAllowance(tx: Tx, limit: OutboundLimit, who: { tenantId: string | null; accountId: string }): Promise<void> {
  await spendPlatformAllowance(tx, limit.account, who.accountId);
  await spendStoreShare(tx, who.tenantId, limit.store);
}

const recoveryLimit = (bucket: string, max: number, message: string): Limit => ({ bucket, max, windowMs: RECOVERY_WINDOW_MS, message });

/**
 * Spends one recovery email (a claim link, a password reset): per asking account when someone is
 * signed in, per target address, per store. One budget for every kind, so the words differ but a
 * stranger's inbox gets at most RECOVERY_EMAIL_LIMITS.perAddress of them an hour in all.
 */
export async function spendRecoveryEmailAllowance(
  tx: Tx,
  who: { tenantId: string | null; accountId: string | null; address: string },
  texts: RecoveryEmailTexts,
): Promise<void> {
  if (who.accountId) await spendPlatformAllowance(tx, recoveryLimit('recovery_account', RECOVERY_EMAIL_LIMITS.perAccount, texts.perAccount), who.accountId);
  await spendPlatformAllowance(tx, recoveryLimit('recovery_email', RECOVERY_EMAIL_LIMITS.perAddress, texts.perAddress), who.address.trim().toLowerCase());
  await spendStoreShare(tx, who.tenantId, recoveryLimit('recovery_store', RECOVERY_EMAIL_LIMITS.perStore, texts.perStore));
}
