import type { ScopedTx, StoreTx } from '../../http/context';
import * as repo from './repo';

// The store rows other modules read and write (DESIGN rules 1 and 11): ctx first, the store being the
// ctx's own (StoreTx) or, for look-ups across stores, none (ScopedTx). Row-level security decides what
// each scope sees and may change; these answer as the repo does (null, false) when it may not.

export type { LaunchState } from './repo';

/** Every store with its primary domain and status (the platform console; Client Access). */
export const listTenants = (ctx: ScopedTx) => repo.listTenants(ctx.tx);
/** Name and primary domain of each store asked for (a person's membership list). */
export const tenantSummaries = (ctx: ScopedTx, ids: readonly string[]) => repo.tenantSummaries(ctx.tx, ids);
/** Every store's id, for background sweeps that visit each store in its own scope. */
export const allTenantIds = (ctx: ScopedTx) => repo.allTenantIds(ctx.tx);
/** Whether any store answers at this host name. */
export const domainTaken = (ctx: ScopedTx, domain: string) => repo.domainTaken(ctx.tx, domain);
export const slugTaken = (ctx: ScopedTx, slug: string) => repo.slugTaken(ctx.tx, slug);
/**
 * A new store row. `launched: false` (the platform owner's launcher, self-service) leaves it unlaunched
 * until its merchant opens it; seeds and test fixtures make stores that are open at once.
 */
export const insertTenant = (ctx: ScopedTx, values: Parameters<typeof repo.insertTenant>[1]) => repo.insertTenant(ctx.tx, values);

/** The ctx's store: name, slug, primary domain, suspension and CRM switch; null when it names none. */
export const findTenant = (ctx: StoreTx) => repo.findTenant(ctx.tx, ctx.tenantId);
/** The ctx's store's name; null when it names no store. */
export const tenantName = (ctx: StoreTx) => repo.tenantName(ctx.tx, ctx.tenantId);
export const isSuspended = (ctx: StoreTx) => repo.isSuspended(ctx.tx, ctx.tenantId);
/** Suspends (a time, with the reason its team is shown) or reactivates (null); only a platform owner may. */
export const setSuspended = (ctx: StoreTx, at: Date | null, reason: string | null = null) => repo.setSuspended(ctx.tx, ctx.tenantId, at, reason);
/** Whether the store's own CRM is on (decision 044); false for a store that does not exist. */
export const crmEnabled = (ctx: StoreTx) => repo.crmEnabled(ctx.tx, ctx.tenantId);
export const setCrmEnabled = (ctx: StoreTx, on: boolean) => repo.setCrmEnabled(ctx.tx, ctx.tenantId, on);
/** Where the store stands on its way to opening (issue 25); `lock` for a change. */
export const launchState = (ctx: StoreTx, lock = false) => repo.launchState(ctx.tx, ctx.tenantId, lock);
/** False when the scope may not write the store's row. */
export const updateLaunchState = (ctx: StoreTx, values: Partial<repo.LaunchState>) => repo.updateLaunchState(ctx.tx, ctx.tenantId, values);

/** The store's host names, its primary first. */
export const domainsOf = (ctx: StoreTx) => repo.domainsOf(ctx.tx, ctx.tenantId);
/** A new store's first host name, its primary one; in the new store's scope, as RLS requires. */
export const insertDomain = (ctx: StoreTx, domain: string) => repo.insertDomain(ctx.tx, ctx.tenantId, domain);
/** Another host name for the store (not primary). */
export const addDomain = (ctx: StoreTx, domain: string) => repo.addDomain(ctx.tx, ctx.tenantId, domain);
/** Removes one of the store's host names; null when it has no such one. */
export const removeDomain = (ctx: StoreTx, domainId: string) => repo.removeDomain(ctx.tx, ctx.tenantId, domainId);
/** Makes this host name the store's primary one (links, emails and the launcher use it). */
export const makePrimary = (ctx: StoreTx, domainId: string) => repo.makePrimary(ctx.tx, ctx.tenantId, domainId);
