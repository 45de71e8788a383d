import type { z } from 'zod';
import type { Tx } from '../../../db/connection';
import type { ScopedTx, StoreTx, TenantCtx } from '../../../http/context';
import { notFound } from '../../../http/errors';
import type { PublicStoreDetails, StoreSettingsJson } from '../../../../shared/store-details';
import { publicDetailsOf, readStoredSettings, type SettingsResponse, type StoreSettings, type updateSettingsBody } from '../../../../shared/store-settings';
import type { StorePolicies } from '../../../../shared/store-promises';
import { readStoredPolicies } from '../../../../shared/store-policies';
import * as repo from './repo';

type UpdateInput = z.output<typeof updateSettingsBody>;

const storeNotFound = () => notFound('Store not found');

function view(row: repo.SettingsRow): StoreSettings {
  return { name: row.name, settings_json: readStoredSettings(row.settingsJson, row.name) };
}

/** GET /api/admin/settings: the Store Info tab, and the store's id for the email and push test sends. */
export async function getSettings(ctx: TenantCtx): Promise<SettingsResponse> {
  const row = await repo.findSettings(ctx.tx, ctx.tenantId);
  if (!row) throw storeNotFound();
  return { settings: view(row), tenant_uuid: row.id };
}

/**
 * PUT /api/admin/settings. The name is tenants.name (what the header, page titles, emails and the pay
 * page show) and settings_json.store_name mirrors it. Without settings_json only the name changes.
 * The host cache holds the name and public details: store.changed drops this instance's copy after the
 * commit, and the database's notification (migration 0013) tells the other instances.
 */
export async function updateSettings(ctx: TenantCtx, input: UpdateInput): Promise<StoreSettings> {
  const current = await repo.lockSettings(ctx.tx, ctx.tenantId);
  if (!current) throw storeNotFound();
  const base = input.settings_json ?? readStoredSettings(current.settingsJson, current.name);
  const settings: StoreSettingsJson = { ...base, store_name: input.name };
  // Other modules keep parts of settings_json of their own (Settings > Policies, checkout recovery):
  // this form never sends them, so every part that is not one of its fields stays as it was.
  const stored = current.settingsJson;
  const others = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? Object.entries(stored).filter(([key]) => !(key in settings)) : [];
  const saved = await repo.saveSettings(ctx.tx, ctx.tenantId, { name: input.name, settings: { ...Object.fromEntries(others), ...settings } });
  if (!saved) throw storeNotFound();
  ctx.emit({ type: 'store.changed', tenantId: ctx.tenantId });
  return view(saved);
}

/** A store's name, its settings and the part shoppers see: for other modules (emails, notices). */
export interface StoreDetails {
  name: string;
  settings: StoreSettingsJson;
  details: PublicStoreDetails;
  /** Its own delivery and returns policies (Settings > Policies; the policies module writes them). */
  policies: StorePolicies;
  /** settings_json as stored, for the modules that read their own part of it. */
  rawSettings: unknown;
}

/** The store's details inside the caller's transaction, or null for an id that names no store. */
export async function storeDetails(tx: Tx, tenantId: string): Promise<StoreDetails | null> {
  const row = await repo.findSettings(tx, tenantId);
  if (!row) return null;
  const settings = readStoredSettings(row.settingsJson, row.name);
  return { name: row.name, settings, details: publicDetailsOf(settings), policies: readStoredPolicies((row.settingsJson as Record<string, unknown> | null)?.policies), rawSettings: row.settingsJson };
}

// The store's settings row for the modules that keep their own part of settings_json (policies).

/** The store's name and stored settings; null when the ctx names no store. */
export const findSettings = (ctx: StoreTx) => repo.findSettings(ctx.tx, ctx.tenantId);
/** The same, locked for a read-modify-write (two saves at once take turns). */
export const lockSettings = (ctx: StoreTx) => repo.lockSettings(ctx.tx, ctx.tenantId);
/** Replaces settings_json as given (the caller merged it); false when the scope may not write the row. */
export const saveSettingsJson = (ctx: StoreTx, settingsJson: Record<string, unknown>) => repo.saveSettingsJson(ctx.tx, ctx.tenantId, settingsJson);
/** Of these stores, those that require two-step sign-in of their whole team (issue 26). */
export const storesRequiringTwoStep = (ctx: ScopedTx, tenantIds: readonly string[]) => repo.storesRequiringTwoStep(ctx.tx, tenantIds);
