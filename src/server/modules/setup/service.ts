import type { TenantCtx } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { hasSellableProduct } from '../catalogue';
import { deliveryFacts } from '../orders';
import { paymentsConnected } from '../payments';
import { launchState, storeDetails, updateLaunchState, type LaunchState } from '../tenants';
import { emailConfirmed } from '../accounts';
import { storePromises } from '../policies';
import { LAUNCH_NEEDS, SETUP_STEP_KEYS, SETUP_TEXT, type SetupResponse, type SetupStepKey } from '../../../shared/store-setup';
import type { PaymentProvider } from '../../adapters/payments/payments';

// The set-up checklist and the launch (issue 25 item 2). Every step is read from the store's real
// state at the moment it is asked, never stored as "ticked": a store that later loses its only
// delivery option shows that step undone again.

export interface SetupDeps {
  paymentProvider: PaymentProvider['name'];
  /** The store's own address, for "View your store". */
  storeUrl: string;
}

const storeNotFound = () => notFound('Store not found');

/** The pages every UK shop needs before it sells: terms and privacy, and its returns policy. */
const REQUIRED_LEGAL = ['terms', 'privacy', 'returns'] as const;

async function stepsDone(ctx: TenantCtx, deps: SetupDeps, state: LaunchState): Promise<Record<SetupStepKey, boolean>> {
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  if (!store) throw storeNotFound();
  const delivery = await deliveryFacts(ctx);
  const promises = await storePromises(ctx.tx, ctx.tenantId, store.rawSettings);
  const published = new Set(promises.legal_pages.map((p) => p.kind));
  return {
    details: Boolean(store.details.contact_email && store.details.address),
    delivery: state.deliveryConfirmedAt !== null && delivery.activeCount > 0,
    payments: await paymentsConnected(ctx, deps.paymentProvider),
    product: await hasSellableProduct(ctx.tx, ctx.tenantId),
    policies: REQUIRED_LEGAL.every((kind) => published.has(kind)),
    launch: state.launchedAt !== null,
  };
}

/** The launch needs not met: the checkout's, and the launching person's confirmed email. */
async function blockersOf(ctx: TenantCtx, done: Record<SetupStepKey, boolean>): Promise<{ key: string; message: string }[]> {
  const blockers = LAUNCH_NEEDS.filter((key) => !done[key]).map((key) => ({ key: key as string, message: SETUP_TEXT.blocked[key as keyof typeof SETUP_TEXT.blocked] }));
  if (!ctx.actor.isOwner && !(await emailConfirmed(ctx.tx, ctx.actor.userId))) blockers.push({ key: 'email', message: SETUP_TEXT.blocked.email });
  return blockers;
}

async function answer(ctx: TenantCtx, done: Record<SetupStepKey, boolean>, state: LaunchState, deps: SetupDeps): Promise<SetupResponse> {
  return {
    steps: SETUP_STEP_KEYS.map((key) => ({ key, done: done[key] })),
    launched_at: state.launchedAt?.toISOString() ?? null,
    blockers: state.launchedAt ? [] : await blockersOf(ctx, done),
    preview_password: state.previewPassword,
    store_url: deps.storeUrl,
  };
}

async function loadState(ctx: TenantCtx, lock = false): Promise<LaunchState> {
  const state = await launchState(ctx, lock);
  if (!state) throw storeNotFound();
  return state;
}

async function save(ctx: TenantCtx, values: Partial<LaunchState>): Promise<void> {
  if (!(await updateLaunchState(ctx, values))) throw storeNotFound();
  // The host cache holds launched and the preview password: this instance drops it after the commit,
  // the database's tenants_changed notification tells the others.
  ctx.emit({ type: 'store.changed', tenantId: ctx.tenantId });
}

/** GET /api/admin/setup. */
export async function setupState(ctx: TenantCtx, deps: SetupDeps): Promise<SetupResponse> {
  const state = await loadState(ctx);
  return answer(ctx, await stepsDone(ctx, deps, state), state, deps);
}

/**
 * POST /api/admin/setup/launch: opens the store to shoppers, or 409 `launch_blocked` naming each
 * missing need (as fields, one message each), so the merchant knows what to do. Launching a store
 * that is open already changes nothing.
 */
export async function launch(ctx: TenantCtx, deps: SetupDeps): Promise<SetupResponse> {
  const state = await loadState(ctx, true);
  const done = await stepsDone(ctx, deps, state);
  if (state.launchedAt) return answer(ctx, done, state, deps);
  const missing = await blockersOf(ctx, done);
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((b) => [b.key, b.message]));
    throw new AppError(409, 'launch_blocked', `${SETUP_TEXT.launchBlocked} ${Object.values(fields).join(' ')}`, fields);
  }
  const launched = { ...state, launchedAt: new Date() };
  await save(ctx, { launchedAt: launched.launchedAt });
  return answer(ctx, { ...done, launch: true }, launched, deps);
}

/** POST /api/admin/setup/unlaunch: back to "Opening soon" (a store not ready after all). */
export async function unlaunch(ctx: TenantCtx, deps: SetupDeps): Promise<SetupResponse> {
  const state = await loadState(ctx, true);
  const closed = { ...state, launchedAt: null };
  if (state.launchedAt) await save(ctx, { launchedAt: null });
  return answer(ctx, await stepsDone(ctx, deps, closed), closed, deps);
}

/** POST /api/admin/setup/confirm-delivery: the merchant has checked the delivery options. */
export async function confirmDelivery(ctx: TenantCtx, deps: SetupDeps): Promise<SetupResponse> {
  const state = await loadState(ctx, true);
  if ((await deliveryFacts(ctx)).activeCount === 0) throw badRequest(SETUP_TEXT.blocked.delivery);
  const confirmed = { ...state, deliveryConfirmedAt: state.deliveryConfirmedAt ?? new Date() };
  if (!state.deliveryConfirmedAt) await save(ctx, { deliveryConfirmedAt: confirmed.deliveryConfirmedAt });
  return answer(ctx, await stepsDone(ctx, deps, confirmed), confirmed, deps);
}

/** PUT /api/admin/setup/preview-password: a new password ends every preview given with the old one. */
export async function setPreviewPassword(ctx: TenantCtx, deps: SetupDeps, password: string | null): Promise<SetupResponse> {
  const state = await loadState(ctx, true);
  const next = { ...state, previewPassword: password };
  await save(ctx, { previewPassword: password });
  return answer(ctx, await stepsDone(ctx, deps, next), next, deps);
}
