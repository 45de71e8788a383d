import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storeDirectory } from '../../test/store-directory';
import { sql } from 'drizzle-orm';
import { resetTestApp, type TestApp } from '../../test/harness';
import { withScope } from '../../db/scope';
import { rowsOf } from '../../db/rows';
import { emailMessages } from '../../db/schema/index';
import type { Tx } from '../../db/connection';
import { loadConfig } from '../../config';
import { OutboxEmailSender } from './outbox';
import { SmtpEmailSender } from './smtp';
import { createEmailSender, startEmailSweep } from './create-email-sender';
import type { EmailMessage, EmailSender } from './email';

let t: TestApp;
let demo: string;
let acme: string;
beforeAll(async () => {
  t = await resetTestApp();
  ({ demo, acme } = t.seed.tenantIds);
});

const inTenant = <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) => withScope(t.database.db, { tenantId, userId: null }, fn);
const isRlsViolation = (e: unknown) => /row-level security/.test(String((e as { cause?: Error }).cause?.message ?? e));

/** The smallest order the schema allows, so order_id can point at a real row. */
async function insertOrder(tx: Tx, tenantId: string): Promise<string> {
  const address = { first_name: 'Ada', last_name: 'Lovelace', company: null, line1: '1 High St', line2: null, city: 'London', postcode: 'N1 1AA', country: 'GB', phone: null };
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address,
                          shipping_method_name, subtotal, shipping_total, total_amount, payment_provider, reservation_expires_at)
      values (${tenantId}, 'ORD-1001', 'ada@example.test', 'Ada Lovelace', ${JSON.stringify(address)}::jsonb, ${JSON.stringify(address)}::jsonb,
              'Standard', 2500, 395, 2895, 'test', now() + interval '1 hour')
      returning id`),
  );
  return rows[0].id;
}

describe('built-in email outbox', () => {
  const outbox = new OutboxEmailSender();
  const message = (over: Partial<EmailMessage> = {}): EmailMessage => ({
    tenantId: demo,
    to: 'ada@example.test',
    subject: 'Your order ORD-1001',
    html: '<p>Thank you</p>',
    text: 'Thank you',
    kind: 'order_confirmation',
    ...over,
  });

  it('records every field under the tenant, with status stored and provider outbox', async () => {
    const { sent, orderId } = await inTenant(demo, async (tx) => {
      const orderId = await insertOrder(tx, demo);
      return { orderId, sent: await outbox.send({ tx, afterCommit: () => {} }, message({ orderId, orderNumber: 'ORD-1001', unsubscribeUrl: 'https://demo.example/email/unsubscribe?token=t' })) };
    });
    expect(sent).toEqual({ id: expect.any(String), status: 'stored', provider: 'outbox', error: null });
    const rows = await inTenant(demo, (tx) => tx.select().from(emailMessages));
    expect(rows).toEqual([
      {
        id: sent.id,
        tenantId: demo,
        toAddress: 'ada@example.test',
        subject: 'Your order ORD-1001',
        html: '<p>Thank you</p>',
        text: 'Thank you',
        kind: 'order_confirmation',
        status: 'stored',
        provider: 'outbox',
        error: null,
        orderId,
        orderNumber: 'ORD-1001',
        unsubscribeUrl: 'https://demo.example/email/unsubscribe?token=t',
        createdAt: expect.any(Date),
        sentAt: null,
      },
    ]);
    expect(await outbox.deliverPending()).toBe(0);
  });

  it('another tenant can neither read the message nor write one for this tenant', async () => {
    expect(await inTenant(acme, (tx) => tx.select().from(emailMessages))).toEqual([]);
    await expect(inTenant(acme, (tx) => outbox.send({ tx, afterCommit: () => {} }, message()))).rejects.toSatisfy(isRlsViolation);
    expect(await withScope(t.database.db, { tenantId: null, userId: null }, (tx) => tx.select().from(emailMessages))).toEqual([]);
  });

  it('goes away with the caller’s transaction when it rolls back', async () => {
    const before = (await inTenant(demo, (tx) => tx.select().from(emailMessages))).length;
    await expect(
      inTenant(demo, async (tx) => {
        await outbox.send({ tx, afterCommit: () => {} }, message({ subject: 'Never sent' }));
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await inTenant(demo, (tx) => tx.select().from(emailMessages))).toHaveLength(before);
  });
});

describe('createEmailSender', () => {
  it('uses the outbox unless SMTP_URL is set', async () => {
    expect(createEmailSender(loadConfig({}), t.scopes, { stores: storeDirectory })).toBeInstanceOf(OutboxEmailSender);
    const smtp = createEmailSender(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }), t.scopes, { stores: storeDirectory });
    expect(smtp).toBeInstanceOf(SmtpEmailSender);
    expect(smtp.provider).toBe('smtp');
    await smtp.close();
  });
});

describe('startEmailSweep', () => {
  it('sweeps at once and on each tick, never two at once, reports failures and stops', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      let finish: () => void = () => {};
      const fake = {
        deliverPending: () => {
          calls++;
          return calls === 2 ? Promise.reject(new Error('database down')) : new Promise<number>((r) => (finish = () => r(0)));
        },
      } as unknown as EmailSender;
      const warn = vi.fn();
      const stop = startEmailSweep(fake, { intervalMs: 1000, log: { warn } });
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(3000);
      expect(calls).toBe(1); // the first sweep is still running
      finish();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'email sweep failed');
      stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
