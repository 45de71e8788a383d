import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Ctx, InScope, TenantCtx } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { isReadyForPayments, type ConnectAccountState } from '../../adapters/payments/connect';
import type { PaymentEvent, PaymentProvider } from '../../adapters/payments/payments';
import { CONNECT_TEXT, ONBOARDING_REFRESH_PATH, ONBOARDING_RETURN_PATH, type ConnectStatus } from '../../../shared/payment-connect';
import { isUuid } from '../../../shared/ids';
import { findTenant } from '../tenants';
import { toConnectStatus } from './checklist';
import * as repo from './repo';

export interface ConnectDeps {
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

const unavailable = () => new AppError(502, 'connect_unavailable', CONNECT_TEXT.statusUnavailable);
const providerDown = () => new AppError(502, 'payment_unavailable', 'We could not reach the payment provider. Please try again.');

/**
 * GET /api/stripe/connect/status: the store's account as the provider sees it now. Asked live (the
 * settings tab is where people come to check), outside any transaction, then kept for checkout and the
 * dashboard, which read the stored copy.
 */
export async function connectStatus(asManager: InScope<TenantCtx>, deps: ConnectDeps): Promise<ConnectStatus> {
  const { payments } = deps;
  const account = await asManager((ctx) => repo.findAccount(ctx, payments.name));
  if (!account) return toConnectStatus(payments.name, null);
  let state: ConnectAccountState;
  try {
    state = await payments.connect.retrieveAccount({ tenantId: account.tenantId, accountRef: account.accountRef });
  } catch (err) {
    deps.log.warn({ err, accountRef: account.accountRef }, 'the payment provider did not answer a connect status request');
    throw unavailable();
  }
  await asManager((ctx) => repo.saveState(ctx, payments.name, state, new Date(), null));
  return toConnectStatus(payments.name, state);
}

/**
 * POST /api/stripe/connect/create-account: the store's account at the provider, made once. Asked again
 * (a second click, another tab) it answers the account the store already has.
 */
export async function createAccount(asManager: InScope<TenantCtx>, deps: ConnectDeps): Promise<ConnectStatus> {
  const { payments } = deps;
  const { existing, tenantId, shopName } = await asManager(async (ctx) => ({
    existing: await repo.findAccount(ctx, payments.name),
    tenantId: ctx.tenantId,
    shopName: (await findTenant(ctx))?.name ?? 'Shop',
  }));
  if (existing) return toConnectStatus(payments.name, repo.stateOf(existing));
  let state: ConnectAccountState;
  try {
    state = await payments.connect.createAccount({ tenantId, shopName });
  } catch (err) {
    deps.log.error({ err }, 'the payment provider did not create a connected account');
    throw providerDown();
  }
  const row = await asManager((ctx) => repo.insertAccount(ctx, payments.name, state));
  return toConnectStatus(payments.name, repo.stateOf(row));
}

/**
 * POST /api/stripe/connect/account-link: a link to the provider's hosted onboarding. Return and
 * refresh URLs point at this store's own Payment tab on the host the request came to (`origin`, from
 * the request line and Host header, never from the body).
 */
export async function createAccountLink(asManager: InScope<TenantCtx>, deps: ConnectDeps, origin: string): Promise<{ onboarding_url: string }> {
  const { payments } = deps;
  const account = await asManager((ctx) => repo.findAccount(ctx, payments.name));
  if (!account) throw conflict('connect_no_account', 'Connect a payment account before starting onboarding.');
  try {
    const link = await payments.connect.createAccountLink({
      tenantId: account.tenantId,
      accountRef: account.accountRef,
      returnUrl: `${origin}${ONBOARDING_RETURN_PATH}`,
      refreshUrl: `${origin}${ONBOARDING_REFRESH_PATH}`,
    });
    return { onboarding_url: link.url };
  } catch (err) {
    deps.log.error({ err, accountRef: account.accountRef }, 'the payment provider did not make an onboarding link');
    throw providerDown();
  }
}

/**
 * A verified account.updated webhook (DESIGN rule 6): the state it carries is written only when it is
 * newer than the stored one and not this very event again, so a repeated or late delivery does
 * nothing. An account no store of this provider has is ignored.
 */
export async function applyAccountEvent(scopes: UnitOfWork, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
  const provider = event.provider;
  if (!event.account || !event.tenantId || !isUuid(event.tenantId) || (provider !== 'test' && provider !== 'stripe')) return 'ignored';
  const tenantId = event.tenantId;
  const { state, occurredAt } = event.account;
  return scopes.run({ tenantId, userId: null }, async (work) => {
    const ctx = { ...work, tenantId, actor: null };
    const account = await repo.findAccount(ctx, provider);
    if (!account || account.accountRef !== state.accountRef) return 'ignored';
    return (await repo.saveState(ctx, provider, state, occurredAt, event.eventId)) ? 'applied' : 'duplicate';
  });
}

/**
 * The account checkout pays into (a destination charge), or null when the store has none with this
 * provider or it cannot take payments yet: the platform's own account takes them then (decision 016).
 */
export async function paymentDestination(ctx: Ctx & { tenantId: string }, provider: PaymentProvider['name']): Promise<string | null> {
  const account = await repo.findAccount(ctx, provider);
  return account && isReadyForPayments(repo.stateOf(account)) ? account.accountRef : null;
}

/** The dashboard's "Set up payment processing" step: the store's account with this provider is ready. */
export async function paymentsConnected(ctx: Ctx & { tenantId: string }, provider: PaymentProvider['name']): Promise<boolean> {
  return (await paymentDestination(ctx, provider)) !== null;
}
