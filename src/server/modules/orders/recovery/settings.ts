import type { StoreTx, TenantCtx } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { findSettings, lockSettings, saveSettingsJson } from '../../tenants';
import { penceToPounds } from '../../../../shared/money';
import { STORE_MANAGER_ROLES } from '../../../../shared/roles';
import { CHECKOUT_RECOVERY, readCheckoutRecovery, type CheckoutRecoverySettings, type CheckoutRecoveryStats } from '../../../../shared/checkout-recovery';
import type { CheckoutRecoverySettingsBody, CheckoutRecoverySettingsView } from '../../../../shared/checkout-recovery-schemas';
import { recoveryStats } from './recovery-repo';

// Settings > Email > Checkout recovery (decision 048): the orders module's own part of the store's
// settings_json, as Settings > Policies keeps its part (the tenants module owns the row).

const PART = 'checkout_recovery';
const storeNotFound = () => notFound('Store not found');
const asObject = (json: unknown): Record<string, unknown> => (typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {});

/** The store's setting; off for a store that never saved it (or saved something that no longer parses). */
export async function recoverySettings(ctx: StoreTx): Promise<CheckoutRecoverySettings> {
  const row = await findSettings(ctx);
  return readCheckoutRecovery(asObject(row?.settingsJson)[PART]);
}

/** The figures of the last 30 days, in pounds, and whether the store ever sent a reminder. */
export async function recoveryFigures(ctx: StoreTx, now = new Date()): Promise<CheckoutRecoveryStats & { ever_sent: boolean }> {
  const since = new Date(now.getTime() - CHECKOUT_RECOVERY.statsDays * 24 * 60 * 60 * 1000);
  const s = await recoveryStats(ctx, since);
  return { sent: s.sent, restored: s.restored, recovered: s.recovered, recovered_revenue: penceToPounds(s.recoveredPence), ever_sent: s.everSent };
}

/**
 * The dashboard's "Recovered checkouts" (last 30 days): null while the setting is off and the store
 * never sent a recovery email, so a store that does not use it sees no empty card.
 */
export async function recoveredCheckouts(ctx: StoreTx): Promise<{ count: number; revenue: number } | null> {
  const [settings, figures] = [await recoverySettings(ctx), await recoveryFigures(ctx)];
  if (!settings.enabled && !figures.ever_sent) return null;
  return { count: figures.recovered, revenue: figures.recovered_revenue };
}

/** Owners and admins change it; staff with the Settings permission see it (routes say who calls). */
const canEdit = (ctx: TenantCtx) => ctx.actor.isOwner || (ctx.role !== null && STORE_MANAGER_ROLES.includes(ctx.role));

async function view(ctx: TenantCtx, settings: CheckoutRecoverySettings): Promise<CheckoutRecoverySettingsView> {
  const { ever_sent: _ever, ...stats } = await recoveryFigures(ctx);
  return { settings, stats, can_edit: canEdit(ctx) };
}

/** GET /api/admin/settings/checkout-recovery. */
export async function getRecoverySettings(ctx: TenantCtx): Promise<CheckoutRecoverySettingsView> {
  return view(ctx, await recoverySettings(ctx));
}

/**
 * PUT /api/admin/settings/checkout-recovery. Read and written under the store row's lock, so a Store
 * Info or Policies save at the same moment keeps this part and this keeps theirs. The job reads it at
 * each pass, in the transaction that sends: switched off, nothing more is sent.
 */
export async function saveRecoverySettings(ctx: TenantCtx, input: CheckoutRecoverySettingsBody): Promise<CheckoutRecoverySettingsView> {
  const row = await lockSettings(ctx);
  if (!row) throw storeNotFound();
  const settings: CheckoutRecoverySettings = { enabled: input.enabled, send_after_hours: input.send_after_hours };
  if (!(await saveSettingsJson(ctx, { ...asObject(row.settingsJson), [PART]: settings }))) throw storeNotFound();
  return view(ctx, settings);
}
