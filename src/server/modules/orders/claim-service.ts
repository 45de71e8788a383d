import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { StoreCtx } from '../../http/context';
import { AppError, unauthorized } from '../../http/errors';
import { orderClaims, orders } from '../../db/schema';
import type { EmailSender } from '../../adapters/email/email';
import { renderEmailButton } from '../../adapters/email/layout';
import { sendTemplatedEmail } from '../emails';
import { hashToken } from '../accounts';
import { spendRecoveryEmailAllowance } from '../limits';
import type { PublicStoreDetails } from '../../../shared/store-details';
import { CLAIM_LIMIT_TEXTS } from '../../../shared/claims';

const CLAIM_HOURS = 24;

/**
 * POST /api/account/claim-orders. Guest orders are linked to an account only through a verified
 * email (DESIGN "Hosts, tenants and people"): this only emails a one-time link to the address given.
 * The answer is the same whether or not that address has orders, so it reveals nothing. Too many
 * requests from one account, for one address or from one store answer 429 and send nothing.
 */
export async function requestClaim(ctx: StoreCtx, email: EmailSender, address: string, origin: string, shopName: string, store?: PublicStoreDetails): Promise<{ message: string }> {
  if (!ctx.actor) throw unauthorized();
  // Counted in this transaction: a request refused here, or one whose email is not written, is not
  // counted. The account and address limits span every store (decisions 011 and 033), so a
  // stranger's inbox is protected once; the store's own limit keeps its sending name clean.
  await spendRecoveryEmailAllowance(ctx.tx, { tenantId: ctx.tenantId, accountId: ctx.actor.userId, address }, CLAIM_LIMIT_TEXTS);
  const token = randomBytes(32).toString('base64url');
  await ctx.tx.insert(orderClaims).values({
    tenantId: ctx.tenantId,
    userId: ctx.actor.userId,
    email: address,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + CLAIM_HOURS * 3_600_000),
  });
  const link = `${origin}/my-orders?claim=${encodeURIComponent(token)}`;
  await sendTemplatedEmail(ctx, email, {
    key: 'order_claim',
    to: address,
    shopName,
    store,
    values: {
      account_email: ctx.actor.email,
      claim_email: address,
      link_hours: String(CLAIM_HOURS),
      claim_url: link,
      claim_button: renderEmailButton({ label: 'Add my orders', url: link }),
    },
  });
  return { message: `We've sent a confirmation link to ${address}. Open it while signed in to add your orders.` };
}

/**
 * POST /api/account/claim-orders/confirm. The link works once, before it expires, for the account
 * that asked: then this store's guest orders placed with that email join the account.
 */
export async function confirmClaim(ctx: StoreCtx, token: string): Promise<{ claimed: number; message: string }> {
  if (!ctx.actor) throw unauthorized();
  const [claim] = await ctx.tx
    .update(orderClaims)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(orderClaims.tenantId, ctx.tenantId),
        eq(orderClaims.tokenHash, hashToken(token)),
        eq(orderClaims.userId, ctx.actor.userId),
        isNull(orderClaims.usedAt),
        gt(orderClaims.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!claim) throw new AppError(400, 'invalid_claim', 'This link has expired or was already used. Ask for a new one.');
  const linked = await ctx.tx
    .update(orders)
    .set({ userId: ctx.actor.userId, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, ctx.tenantId), isNull(orders.userId), sql`lower(${orders.customerEmail}) = lower(${claim.email})`))
    .returning({ id: orders.id });
  return { claimed: linked.length, message: 'Orders claimed successfully!' };
}
