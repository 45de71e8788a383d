import type { z } from 'zod';
import type { StoreTx, TenantCtx } from '../../../http/context';
import { badRequest, notFound } from '../../../http/errors';
import { penceToPounds, poundsToPence } from '../../../../shared/money';
import { SHIPPING_LIMITS, SHIPPING_MESSAGES, type AdminShippingMethod, type shippingMethodBody } from '../../../../shared/admin-shipping';
import * as repo from './repo';

type MethodInput = z.output<typeof shippingMethodBody>;

/**
 * The storefront's promises (free-delivery threshold, next-day delivery) come from the active options
 * and travel with the host cache: this instance drops the store's entry after the commit (the database's
 * tenants_changed notification, migration 0028, tells the other instances). Dropped with a rollback.
 */
const storeChanged = (ctx: TenantCtx) => ctx.emit({ type: 'store.changed', tenantId: ctx.tenantId });

const methodNotFound = () => notFound(SHIPPING_MESSAGES.notFound);
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

function view(row: repo.MethodRow): AdminShippingMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    flat_rate: penceToPounds(row.flatRate),
    free_over: row.freeOver === null ? null : penceToPounds(row.freeOver),
    delivery_min_days: row.deliveryMinDays,
    delivery_max_days: row.deliveryMaxDays,
    position: row.position,
    is_active: row.isActive,
    vat_mode: row.vatMode,
    order_count: row.orderCount,
  };
}

/** Pounds from the form, pence for the database (DESIGN rule 3). */
function values(input: MethodInput): repo.MethodValues {
  return {
    name: input.name,
    description: input.description ?? null,
    flatRate: poundsToPence(input.flat_rate),
    freeOver: input.free_over == null ? null : poundsToPence(input.free_over),
    deliveryMinDays: input.delivery_min_days,
    deliveryMaxDays: input.delivery_max_days,
    isActive: input.is_active,
    vatMode: input.vat_mode,
  };
}

/** Two options with one name would be two identical radio buttons at checkout. */
function refuseTakenName(existing: { id: string; name: string }[], name: string, except: string | null): void {
  if (existing.some((m) => m.id !== except && sameName(m.name, name))) throw badRequest(SHIPPING_MESSAGES.nameTaken, { name: SHIPPING_MESSAGES.nameTaken });
}

async function load(ctx: TenantCtx, id: string): Promise<AdminShippingMethod> {
  const row = await repo.findMethod(ctx, id);
  if (!row) throw methodNotFound();
  return view(row);
}

export async function listMethods(ctx: TenantCtx): Promise<AdminShippingMethod[]> {
  return (await repo.listMethods(ctx)).map(view);
}

/** A new option goes last at checkout. */
export async function createMethod(ctx: TenantCtx, input: MethodInput): Promise<AdminShippingMethod> {
  storeChanged(ctx);
  const existing = await repo.lockMethods(ctx);
  if (existing.length >= SHIPPING_LIMITS.methods) throw badRequest(SHIPPING_MESSAGES.tooMany);
  refuseTakenName(existing, input.name, null);
  const position = existing.reduce((max, m) => Math.max(max, m.position), -1) + 1;
  return load(ctx, await repo.insertMethod(ctx, { ...values(input), position }));
}

/**
 * Orders already placed keep the name, price and days they were placed with (their own copy); carts
 * are priced with the new values from their next view.
 */
export async function updateMethod(ctx: TenantCtx, id: string, input: MethodInput): Promise<AdminShippingMethod> {
  storeChanged(ctx);
  const existing = await repo.lockMethods(ctx);
  if (!existing.some((m) => m.id === id)) throw methodNotFound();
  refuseTakenName(existing, input.name, id);
  await repo.updateMethod(ctx, id, values(input));
  return load(ctx, id);
}

/** An inactive option stays (with its orders) but checkout no longer offers it. */
export async function setActive(ctx: TenantCtx, id: string, isActive: boolean): Promise<AdminShippingMethod> {
  storeChanged(ctx);
  if (!(await repo.updateMethod(ctx, id, { isActive }))) throw methodNotFound();
  return load(ctx, id);
}

/** The new checkout order: every option of the store exactly once. */
export async function reorderMethods(ctx: TenantCtx, ids: string[]): Promise<AdminShippingMethod[]> {
  storeChanged(ctx);
  const existing = await repo.lockMethods(ctx);
  const known = new Set(existing.map((m) => m.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
    throw badRequest(SHIPPING_MESSAGES.order, { ids: SHIPPING_MESSAGES.order });
  }
  await repo.setPositions(ctx, ids);
  return listMethods(ctx);
}

/** Deleted for good: see repo.deleteMethod for what happens to orders and carts that used it. */
export async function deleteMethod(ctx: TenantCtx, id: string): Promise<void> {
  storeChanged(ctx);
  if (!(await repo.deleteMethod(ctx, id))) throw methodNotFound();
}

// The delivery options as other modules see them, ctx first (DESIGN rules 1 and 11).

/**
 * What the store's active delivery options let it promise (issue 25): the lowest "free over" amount
 * (pence), whether one arrives the next business day, and how many are active.
 */
export const deliveryFacts = (ctx: StoreTx) => repo.deliveryFacts(ctx.tx, ctx.tenantId);
/** The store's active delivery options in checkout order, in pence (its legal pages list them). */
export const activeDeliveryOptions = (ctx: StoreTx) => repo.activeDeliveryOptions(ctx.tx, ctx.tenantId);
/** The plain tracked option a new store starts with, for its merchant to confirm; in the new store's scope. */
export const insertStarterDeliveryOption = (ctx: StoreTx) => repo.insertStarterDeliveryOption(ctx.tx, ctx.tenantId);
