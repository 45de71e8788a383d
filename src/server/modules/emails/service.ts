import type { ScopedTx, StoreTx } from '../../http/context';
import * as repo from './repo';

// The outbox as other modules see it, ctx first (DESIGN rules 1 and 11).

/** How many emails the ctx's store has sent about one order (the admin's order page links to them). */
export const countOrderEmails = (ctx: StoreTx, orderId: string): Promise<number> => repo.countOrderEmails(ctx.tx, ctx.tenantId, orderId);

/**
 * Mail of the ctx's store (or, tenantId null, the platform's own, in the platform's sales-book scope)
 * waiting for delivery and failed: metrics (decision 055).
 */
export const outboxCounts = (ctx: ScopedTx & { tenantId: string | null }): Promise<{ pending: number; failed: number }> => repo.outboxCounts(ctx.tx, ctx.tenantId);
