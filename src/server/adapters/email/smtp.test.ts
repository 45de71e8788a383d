import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeDirectory } from '../../test/store-directory';
import { resetTestApp, type TestApp } from '../../test/harness';
import type { Work } from '../../db/unit-of-work';
import { emailMessages } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { SmtpEmailSender, type SmtpOptions } from './smtp';
import { insertMessage } from './email-repo';
import { renderEmailLayout } from './layout';
import type { EmailMessage } from './email';
import { startFakeSmtp } from './fake-smtp';

let t: TestApp;
let demo: string;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
const senders: SmtpEmailSender[] = [];

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  smtp = await startFakeSmtp({ user: 'mailer', pass: 's3cret' });
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()));
  smtp.received.length = 0;
});
afterAll(() => smtp.close());

function sender(opts: Partial<SmtpOptions> = {}): SmtpEmailSender {
  const s = new SmtpEmailSender(t.scopes, {
    url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
    from: { name: null, address: 'no-reply@shops.test' },
    stores: storeDirectory,
    ...opts,
  });
  senders.push(s);
  return s;
}

/** A demo-store unit of work, as a request has: sending needs its afterCommit. */
const inDemo = <T>(fn: (work: Work) => Promise<T>) => t.scopes.run({ tenantId: demo, userId: null }, fn);
const rowOf = async (id: string) => (await inDemo(({ tx }) => tx.select().from(emailMessages).where(eq(emailMessages.id, id))))[0];

const { html, text } = renderEmailLayout({ shopName: 'Demo Store', heading: 'Thank you, Ada', paragraphs: ['Order ORD-1001 is paid.'] });
const message = (over: Partial<EmailMessage> = {}): EmailMessage => ({
  tenantId: demo,
  to: 'ada@example.test',
  subject: 'Your order ORD-1001',
  html,
  text,
  kind: 'order_confirmation',
  ...over,
});

describe('SMTP email sender', () => {
  it('delivers after the commit: to, subject, from (shop name), text and html arrive; status becomes sent', async () => {
    const s = sender();
    const sent = await inDemo(async (work) => {
      const sent = await s.send(work, message());
      // Still inside the caller's transaction: nothing may leave before the commit.
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received).toHaveLength(0);
      return sent;
    });
    expect(sent).toMatchObject({ status: 'stored', provider: 'smtp', error: null });
    await s.idle();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.user).toBe('mailer');
    expect(mail.recipients).toEqual(['ada@example.test']);
    expect(mail.envelopeFrom).toBe('no-reply@shops.test');
    expect(mail.header('to')).toBe('ada@example.test');
    expect(mail.header('from')).toBe('Demo Store <no-reply@shops.test>');
    expect(mail.header('subject')).toBe('Your order ORD-1001');
    expect(mail.part('text/plain')?.trim()).toBe(text.trim());
    expect(mail.part('text/html')?.trim()).toBe(html.trim());

    const row = await rowOf(sent.id);
    expect(row).toMatchObject({ status: 'sent', provider: 'smtp', error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('a reminder names its one-click unsubscribe address (RFC 8058); other mail has no such header', async () => {
    const s = sender();
    const stop = 'https://demo.example/email/unsubscribe?token=abc_123';
    await inDemo(async (work) => {
      await s.send(work, message({ to: 'reminded@example.test', kind: 'checkout_recovery', unsubscribeUrl: stop }));
      await s.send(work, message({ to: 'receipt@example.test' }));
    });
    await s.idle();
    const to = (address: string) => smtp.received.find((m) => m.recipients[0] === address)!;
    expect(to('reminded@example.test').header('list-unsubscribe')).toBe(`<${stop}>`);
    expect(to('reminded@example.test').header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(to('receipt@example.test').header('list-unsubscribe')).toBeUndefined();
    expect(to('receipt@example.test').header('list-unsubscribe-post')).toBeUndefined();
  });

  it('uses the EMAIL_FROM name when it has one, and sends all of one transaction’s mail', async () => {
    const s = sender({ from: { name: 'Shops Platform', address: 'mail@shops.test' } });
    await inDemo(async (work) => {
      await s.send(work, message({ to: 'one@example.test' }));
      await s.send(work, message({ to: 'two@example.test' }));
    });
    await s.idle();
    expect(smtp.received.map((m) => m.recipients[0]).sort()).toEqual(['one@example.test', 'two@example.test']);
    expect(smtp.received[0].header('from')).toBe('Shops Platform <mail@shops.test>');
  });

  it('sends nothing when the caller’s transaction rolls back', async () => {
    const s = sender();
    await expect(
      inDemo(async (work) => {
        await s.send(work, message({ subject: 'Rolled back' }));
        throw new Error('webhook failed');
      }),
    ).rejects.toThrow('webhook failed');
    await s.idle();
    expect(smtp.received).toHaveLength(0);
  });

  it('a refused recipient marks the message failed with the error, and never throws into the caller', async () => {
    const s = sender();
    const sent = await inDemo((work) => s.send(work, message({ to: 'nobody@reject.test' })));
    await s.idle();
    const row = await rowOf(sent.id);
    expect(row).toMatchObject({ status: 'failed', provider: 'smtp', sentAt: null });
    expect(row.error).toMatch(/Mailbox unavailable/);
  });

  it('a server that is down marks the message failed, fast, and never throws into the caller', async () => {
    const down = await startFakeSmtp();
    await down.close();
    const s = sender({ url: `smtp://127.0.0.1:${down.port}` });
    const started = Date.now();
    const sent = await inDemo((work) => s.send(work, message()));
    await s.idle();
    expect(Date.now() - started).toBeLessThan(10_000);
    const row = await rowOf(sent.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('a server that accepts but never answers fails on the greeting timeout', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const s = sender({ url: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeouts: { greetingTimeout: 300 } });
    const sent = await inDemo((work) => s.send(work, message()));
    await s.idle();
    silent.close();
    expect(await rowOf(sent.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/greeting/i) });
  });

  it('a header break in the subject cannot add recipients or headers; a list in `to` is refused', async () => {
    const s = sender();
    const injected = await inDemo((work) => s.send(work, message({ subject: 'Hello\r\nBcc: evil@attacker.test' })));
    const list = await inDemo((work) => s.send(work, message({ to: 'ada@example.test, evil@attacker.test' })));
    await s.idle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].recipients).toEqual(['ada@example.test']);
    expect(smtp.received[0].header('bcc')).toBeUndefined();
    expect((await rowOf(injected.id)).status).toBe('sent');
    expect(await rowOf(list.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/Invalid recipient/) });
  });

  it('deliverPending sends mail whose after-commit delivery never ran, but not mail another attempt holds', async () => {
    // Recorded as the SMTP sender does, but with no waiter: as if the process stopped after the commit.
    const left = await inDemo(({ tx }) => insertMessage(tx, message({ subject: 'Left behind' }), 'smtp'));
    const held = await inDemo(async ({ tx }) => {
      const m = await insertMessage(tx, message({ subject: 'Being sent elsewhere' }), 'smtp');
      await tx.update(emailMessages).set({ sentAt: new Date() }).where(eq(emailMessages.id, m.id));
      return m;
    });
    const s = sender();
    expect(await s.deliverPending()).toBe(1);
    expect(smtp.received.map((m) => m.header('subject'))).toEqual(['Left behind']);
    expect((await rowOf(left.id)).status).toBe('sent');
    expect((await rowOf(held.id)).status).toBe('stored');
    expect(await s.deliverPending()).toBe(0);
  });
});
