import type { StoreTx } from '../../http/context';
import * as repo from './repo';

// The outbox as other modules see it, ctx first (DESIGN rules 1 and 11).

/** How many emails the ctx's store has sent about one order (the admin's order page links to them). */
export const countOrderEmails = (ctx: StoreTx, orderId: string): Promise<number> => repo.countOrderEmails(ctx.tx, ctx.tenantId, orderId);
