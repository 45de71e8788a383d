import type { UnitOfWork } from '../../../db/unit-of-work';
import type { StoreCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailButton, renderEmailTable } from '../../../adapters/email/layout';
import { hashToken, newSessionToken } from '../../accounts';
import { sendTemplatedEmail, unsubscribedAddresses } from '../../emails';
import { allTenantIds, domainsOf, isSuspended } from '../../tenants';
import type { JobRunner } from '../../jobs';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { CHECKOUT_RECOVERY } from '../../../../shared/checkout-recovery';
import { itemName, shopIdentity } from '../emails';
import * as orders from '../orders-repo';
import { claimDueCheckouts, insertRecovery, type DueCheckout } from './recovery-repo';
import { recoverySettings } from './settings';

const DAY_MS = 24 * 60 * 60 * 1000;
const money = (pence: number) => formatGBP(penceToPounds(pence));

export interface RecoveryDeps {
  scopes: UnitOfWork;
  /** Read at each pass (tests swap the sender on the app's deps). */
  readonly email: EmailSender;
  /** How long an hour of the schedule lasts (config.checkoutRecovery.hourMs). */
  hourMs: number;
  /** Checkouts claimed per transaction. */
  batch?: number;
}

/** The periodic task's name on the job runner. */
export const CHECKOUT_RECOVERY_TASK = 'checkout_recovery';

/**
 * Registers the recovery emails on an instance's job runner: every config.checkoutRecovery.everyMs
 * each instance runs a pass; passes on several instances at once send each email once (sendDueRecoveries).
 */
export function registerCheckoutRecovery(jobs: JobRunner, deps: RecoveryDeps, everyMs: number): void {
  jobs.every(CHECKOUT_RECOVERY_TASK, everyMs, (signal) => sendDueRecoveries(deps, new Date(), signal));
}

/**
 * One pass over every store with the setting on (issue 28 item 6, decision 048). Store by store
 * (row-level security scopes each), in transactions of a batch each: the setting is read, due checkouts
 * are claimed (FOR UPDATE SKIP LOCKED), and for each one the recovery row (unique per checkout) and the
 * email in the outbox are written together. A checkout is settled once, by whichever instance commits
 * it; an address that unsubscribed gets a row saying so and no email. Answers how many were sent.
 */
export async function sendDueRecoveries(deps: RecoveryDeps, now = new Date(), signal?: AbortSignal): Promise<number> {
  const stores = await deps.scopes.run({ tenantId: null, userId: null }, (work) => allTenantIds(work));
  let sent = 0;
  for (const tenantId of stores) {
    for (let round = 0; round < 100 && !signal?.aborted; round++) {
      const batch = await deps.scopes.run({ tenantId, userId: null }, (work) => sendBatch({ ...work, tenantId, actor: null }, deps, now));
      sent += batch.sent;
      if (batch.claimed < (deps.batch ?? 50)) break;
    }
  }
  return sent;
}

async function sendBatch(ctx: StoreCtx, deps: RecoveryDeps, now: Date): Promise<{ claimed: number; sent: number }> {
  const settings = await recoverySettings(ctx);
  // A store the platform suspended takes no orders (issue 27): no reminder leads shoppers back to it.
  if (!settings.enabled || (await isSuspended(ctx))) return { claimed: 0, sent: 0 };
  const placedBefore = new Date(now.getTime() - settings.send_after_hours * deps.hourMs);
  const placedAfter = new Date(now.getTime() - CHECKOUT_RECOVERY.maxAgeDays * 24 * deps.hourMs);
  const due = await claimDueCheckouts(ctx, { placedBefore, placedAfter }, deps.batch ?? 50);
  if (due.length === 0) return { claimed: 0, sent: 0 };
  const unsubscribed = await unsubscribedAddresses(ctx, due.map((d) => d.email), 'checkout_recovery');
  const origin = await fallbackOrigin(ctx);
  const shop = await shopIdentity(ctx);
  const items = await orders.listItems(ctx, due.map((d) => d.id));
  let sent = 0;
  for (const checkout of due) {
    if (unsubscribed.has(checkout.email.toLowerCase())) {
      await insertRecovery(ctx, { orderId: checkout.id, email: checkout.email, skipped: 'unsubscribed', sent: false });
      continue;
    }
    const token = newSessionToken();
    const unsubscribeToken = newSessionToken();
    const expiresAt = new Date(now.getTime() + CHECKOUT_RECOVERY.linkDays * DAY_MS);
    if (!(await insertRecovery(ctx, { orderId: checkout.id, email: checkout.email, tokenHash: hashToken(token), unsubscribeTokenHash: hashToken(unsubscribeToken), expiresAt, sent: true }))) continue;
    await sendReminder(ctx, deps.email, shop, checkout, items.filter((i) => i.orderId === checkout.id), { base: checkout.origin ?? origin, token, unsubscribeToken });
    sent += 1;
  }
  return { claimed: due.length, sent };
}

/** A checkout made before its address was kept links to the store's primary domain. */
async function fallbackOrigin(ctx: StoreCtx): Promise<string> {
  const [primary] = await domainsOf(ctx);
  return `https://${primary?.domain ?? 'localhost'}`;
}

/** The links of one reminder, on the store's own host. */
export const restoreUrl = (base: string, token: string) => `${base}/cart/restore?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (base: string, token: string) => `${base}/email/unsubscribe?token=${encodeURIComponent(token)}`;

interface Shop {
  name: string;
  details: Awaited<ReturnType<typeof shopIdentity>>['details'];
}

async function sendReminder(ctx: StoreCtx, email: EmailSender, shop: Shop, checkout: DueCheckout, items: orders.OrderItemRow[], links: { base: string; token: string; unsubscribeToken: string }): Promise<void> {
  const cartUrl = restoreUrl(links.base, links.token);
  const stopUrl = unsubscribeUrl(links.base, links.unsubscribeToken);
  await sendTemplatedEmail(ctx, email, {
    key: 'checkout_recovery',
    to: checkout.email,
    shopName: shop.name,
    store: shop.details,
    orderId: checkout.id,
    orderNumber: checkout.orderNumber,
    values: {
      customer_name: checkout.customerName,
      customer_first_name: checkout.firstName,
      customer_email: checkout.email,
      total: money(checkout.totalAmount),
      quantity: String(items.reduce((n, i) => n + i.quantity, 0)),
      // The checkout as the shopper saw it; the cart prices the items again when they return.
      order_summary: renderEmailTable({
        head: ['Item', 'Qty', 'Price'],
        rows: items.map((i) => [itemName(i), String(i.quantity), money(i.totalAmount)]),
        foot: [
          ['Subtotal', '', money(checkout.subtotal)],
          ...(checkout.discountTotal > 0 ? [['Discount', '', `-${money(checkout.discountTotal)}`]] : []),
          [checkout.shippingMethodName, '', checkout.shippingTotal === 0 ? 'Free' : money(checkout.shippingTotal)],
          ['Total', '', money(checkout.totalAmount)],
        ],
      }),
      cart_url: cartUrl,
      cart_button: renderEmailButton({ label: 'Return to your cart', url: cartUrl }),
      link_days: String(CHECKOUT_RECOVERY.linkDays),
      unsubscribe_url: stopUrl,
    },
    unsubscribeUrl: stopUrl,
  });
  await orders.addEvent(ctx, checkout.id, 'recovery_email_sent', `Checkout recovery email sent to ${checkout.email}`);
}
