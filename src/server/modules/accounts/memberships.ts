import type { ScopedTx, StoreTx } from '../../http/context';
import type { MemberRole } from '../../../shared/roles';
import * as auth from './auth/repo';
import * as members from './members/repo';

// Memberships and account look-ups other modules need (DESIGN rules 1 and 11): ctx first, the store
// being the ctx's own (StoreTx) or, for look-ups that name no store, none (ScopedTx). Row-level
// security decides what each scope sees.

/** The member's role in the ctx's store and, for staff, what they may do (issue 27); null: not a member. */
export const findMembership = (ctx: StoreTx, userId: string) => auth.findMembership(ctx.tx, ctx.tenantId, userId);
/** The member's role in the ctx's store; null: not a member. */
export const findRole = (ctx: StoreTx, userId: string) => auth.findRole(ctx.tx, ctx.tenantId, userId);
/** Makes (or changes) a member's role: store creation and the demo seed, in the store's own scope. */
export const insertMembership = (ctx: StoreTx, userId: string, role: MemberRole) => members.insertMembership(ctx.tx, ctx.tenantId, userId, role);
/** The store's owners' and admins' addresses, longest-standing first: who hears about its money (decision 029). */
export const storeManagerEmails = (ctx: StoreTx) => members.storeManagerEmails(ctx.tx, ctx.tenantId);

/** The store a session works in on the platform host (the tenant chooser; a shop just opened). */
export const setActiveTenant = (ctx: ScopedTx, sessionId: string, tenantId: string | null) => auth.setActiveTenant(ctx.tx, sessionId, tenantId);
/** Members per store, as far as the scope sees them (a platform owner's: every store). */
export const memberCounts = (ctx: ScopedTx) => members.memberCounts(ctx.tx);
export const findUserIdByEmail = (ctx: ScopedTx, email: string) => members.findUserIdByEmail(ctx.tx, email);
/** Email addresses of these users, as far as the scope may see them (timelines and ledgers name who acted). */
export const userEmails = (ctx: ScopedTx, ids: readonly string[]) => members.userEmails(ctx.tx, ids);
