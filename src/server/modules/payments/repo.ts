import { and, eq, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { paymentAccounts } from '../../db/schema/index';
import type { ConnectAccountState } from '../../adapters/payments/connect';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type ProviderName = PaymentAccountRow['provider'];

export function stateOf(row: PaymentAccountRow): ConnectAccountState {
  return {
    accountRef: row.accountRef,
    detailsSubmitted: row.detailsSubmitted,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    requirements: {
      currentlyDue: row.requirements.currently_due,
      pastDue: row.requirements.past_due,
      pendingVerification: row.requirements.pending_verification,
      disabledReason: row.requirements.disabled_reason,
    },
    capabilities: row.capabilities as ConnectAccountState['capabilities'],
  };
}

const columnsOf = (state: ConnectAccountState) => ({
  detailsSubmitted: state.detailsSubmitted,
  chargesEnabled: state.chargesEnabled,
  payoutsEnabled: state.payoutsEnabled,
  requirements: {
    currently_due: state.requirements.currentlyDue,
    past_due: state.requirements.pastDue,
    pending_verification: state.requirements.pendingVerification,
    disabled_reason: state.requirements.disabledReason,
  },
  capabilities: state.capabilities,
});

/** The store's account with this provider, or null when it has not connected one. */
export async function findAccount(ctx: StoreCtx, provider: ProviderName): Promise<PaymentAccountRow | null> {
  const rows = await ctx.tx
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.tenantId, ctx.tenantId), eq(paymentAccounts.provider, provider)));
  return rows[0] ?? null;
}

/** Keeps a newly created account; a second one made at the same moment loses to the first (one per store and provider). */
export async function insertAccount(ctx: StoreCtx, provider: ProviderName, state: ConnectAccountState): Promise<PaymentAccountRow> {
  await ctx.tx
    .insert(paymentAccounts)
    .values({ tenantId: ctx.tenantId, provider, accountRef: state.accountRef, ...columnsOf(state) })
    .onConflictDoNothing({ target: [paymentAccounts.tenantId, paymentAccounts.provider] });
  return (await findAccount(ctx, provider))!;
}

/**
 * Writes the provider's account state as of `at`, unless what is stored describes a later moment (a
 * webhook delivered late must not undo a newer answer) or is this very event already (a repeated
 * delivery). Seconds are compared, as provider events carry whole seconds. A live read (eventId null)
 * keeps the last event's id, so that event delivered again is still known. Answers whether it wrote.
 */
export async function saveState(
  ctx: StoreCtx,
  provider: ProviderName,
  state: ConnectAccountState,
  at: Date,
  eventId: string | null,
): Promise<boolean> {
  const rows = await ctx.tx
    .update(paymentAccounts)
    .set({ ...columnsOf(state), stateAt: at, lastEventId: eventId ?? sql`${paymentAccounts.lastEventId}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentAccounts.tenantId, ctx.tenantId),
        eq(paymentAccounts.provider, provider),
        eq(paymentAccounts.accountRef, state.accountRef),
        sql`date_trunc('second', ${paymentAccounts.stateAt}) <= ${at.toISOString()}::timestamptz`,
        eventId === null ? sql`true` : sql`${paymentAccounts.lastEventId} is distinct from ${eventId}`,
      ),
    )
    .returning({ id: paymentAccounts.id });
  return rows.length > 0;
}
