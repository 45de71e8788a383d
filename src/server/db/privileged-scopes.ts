import type { Scope } from './unit-of-work';

// The only places a scope with platform privilege is made (issue 27 item 11). Row-level security lets a
// platformOwner scope see every store, and a platformSales scope the platform's own sales book, so a
// stray `platformOwner: true` in a route would be a cross-tenant leak. ESLint refuses those keys in any
// other file (eslint.config.js, proved by src/server/boundaries.test.ts): code that needs one calls a
// function here, whose name says what the caller must already have checked.

/** A platform owner, already verified by the caller (requirePlatformOwner or the owner's own service). */
export function platformOwnerScope(userId: string | null): Scope {
  return { tenantId: null, userId, platformOwner: true };
}

/** Platform sales (or an owner), verified by requirePlatformSales: the platform's own sales book. */
export function platformSalesScope(userId: string | null): Scope {
  return { tenantId: null, userId, platformSales: true };
}

/**
 * The sales book a record already belongs to: a store's (tenantId) or, for tenantId null, the platform's.
 * For work started from a record found by an unguessable key (a quote's link, a payment's metadata, an
 * email's sender), never from a tenant id a client sent.
 */
export function salesBookScope(tenantId: string | null, userId: string | null = null): Scope {
  return tenantId === null ? platformSalesScope(userId) : { tenantId, userId };
}
