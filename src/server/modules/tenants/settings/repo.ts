import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { tenants } from '../../../db/schema/index';
import type { StoreSettingsJson } from '../../../../shared/store-details';

export interface SettingsRow {
  id: string;
  name: string;
  settingsJson: unknown;
}

/** A store's name and stored settings; tenants are public to read (migration 0012), so any scope may ask. */
export async function findSettings(tx: Tx, tenantId: string): Promise<SettingsRow | null> {
  const rows = await tx.select({ id: tenants.id, name: tenants.name, settingsJson: tenants.settingsJson }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Renames the store and replaces its settings. Row-level security lets only the store's own scope (or
 * a platform owner) update its row, so a wrong id updates nothing and answers null.
 */
export async function saveSettings(tx: Tx, tenantId: string, values: { name: string; settings: StoreSettingsJson & Record<string, unknown> }): Promise<SettingsRow | null> {
  const rows = await tx
    .update(tenants)
    .set({ name: values.name, settingsJson: values.settings as unknown as Record<string, unknown> })
    .where(eq(tenants.id, tenantId))
    .returning({ id: tenants.id, name: tenants.name, settingsJson: tenants.settingsJson });
  return rows[0] ?? null;
}

/** The store's row, locked for a read-modify-write of its settings (two saves at once take turns). */
export async function lockSettings(tx: Tx, tenantId: string): Promise<SettingsRow | null> {
  const rows = await tx.select({ id: tenants.id, name: tenants.name, settingsJson: tenants.settingsJson }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return rows[0] ?? null;
}

/** Replaces settings_json as given (the caller merged it); false when the scope may not write the row. */
export async function saveSettingsJson(tx: Tx, tenantId: string, settingsJson: Record<string, unknown>): Promise<boolean> {
  const rows = await tx.update(tenants).set({ settingsJson }).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  return rows.length > 0;
}

/**
 * Of these stores, the names of those that require two-step sign-in of everyone with admin access
 * (Settings > Store Info, issue 26). Read straight from the stored settings: a store that never saved
 * the switch does not require it.
 */
export async function storesRequiringTwoStep(tx: Tx, tenantIds: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (tenantIds.length === 0) return [];
  return tx
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(inArray(tenants.id, [...tenantIds]), sql`(${tenants.settingsJson} -> 'security' ->> 'require_two_step') = 'true'`));
}
