import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// mailauth (dev only): an independent DKIM verifier, fed our fake DNS instead of the network.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { call, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { startFakeSmtp } from '../../adapters/email/fake-smtp';
import { SmtpEmailSender } from '../../adapters/email/smtp';
import type { EmailDomain } from '../../../shared/email-settings';
import { findSenderIdentity } from './identity';
import { storeDirectory } from '../../test/store-directory';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let sender: SmtpEmailSender;

beforeAll(async () => {
  t = await resetTestApp();
  smtp = await startFakeSmtp();
  sender = new SmtpEmailSender(t.scopes, { url: `smtp://127.0.0.1:${smtp.port}`, from: { name: null, address: 'no-reply@shops.test' }, identity: findSenderIdentity, stores: storeDirectory });
});
afterEach(() => {
  smtp.received.length = 0;
});
afterAll(async () => {
  await sender.close();
  await smtp.close();
});

const resolver = async (name: string) => t.dns.resolveTxt(name);

/** One message from the store, delivered through SMTP after its transaction commits. */
async function sendFrom(tenantId: string, subject: string) {
  await t.scopes.run({ tenantId, userId: null }, (work) =>
    sender.send(work, { tenantId, to: 'ada@example.test', subject, html: '<p>Your order TEST-001 is confirmed.</p>', text: 'Your order TEST-001 is confirmed.\n', kind: 'order_confirmation' }),
  );
  await sender.idle();
  const mail = smtp.received.find((m) => m.header('subject') === subject);
  if (!mail) throw new Error(`no mail with subject ${subject}`);
  return mail;
}

describe('mail of a verified sending domain', () => {
  it('without one: from EMAIL_FROM with the store name, and unsigned', async () => {
    const mail = await sendFrom(t.seed.tenantIds.demo, 'Before the domain');
    expect(mail.header('from')).toBe('Demo Store <no-reply@shops.test>');
    expect(mail.header('dkim-signature')).toBeUndefined();
  });

  it('with one: from its from name and address, DKIM-signed so that a verifier reading our DNS records passes it', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const domain = (await call(t.app, 'POST', '/api/functions/v1/email-domains', { cookie: admin, body: { domain: 'signed.example', from_email: 'orders@signed.example' } })).json().domain as EmailDomain;
    // The store publishes what it is shown (long values split as DNS hosts do) and verifies.
    for (const r of domain.dns_json.records) t.dns.set(r.name, r.value.match(/.{1,255}/g)!);
    expect((await call(t.app, 'PUT', `/api/functions/v1/email-domains?id=${domain.id}`, { cookie: admin })).json().domain.status).toBe('verified');

    const mail = await sendFrom(t.seed.tenantIds.demo, 'Signed order mail');
    expect(mail.header('from')).toBe('Orders <orders@signed.example>');
    expect(mail.header('dkim-signature')).toMatch(/d=signed\.example;.*s=shop/s);

    const { results } = await dkimVerify(mail.raw, { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ signingDomain: 'signed.example', selector: 'shop', status: { result: 'pass', aligned: 'signed.example' } });
  });

  it('the signature fails once the body or a signed header is changed, and with another key in DNS', async () => {
    const mail = await sendFrom(t.seed.tenantIds.demo, 'Tamper with me');
    const body = await dkimVerify(mail.raw.replace('TEST-001 is confirmed', 'TEST-001 is cancelled'), { resolver });
    expect(body.results[0].status.result).not.toBe('pass');
    const subject = await dkimVerify(mail.raw.replace('Subject: Tamper with me', 'Subject: Tampered'), { resolver });
    expect(subject.results[0].status.result).toBe('fail');

    const other = (await call(t.app, 'POST', '/api/functions/v1/email-domains', { cookie: await signIn(t.app, 'admin@demo.test'), body: { domain: 'other.example', from_email: 'x@other.example' } })).json().domain as EmailDomain;
    t.dns.set('shop._domainkey.signed.example', other.dns_json.records[1].value.match(/.{1,255}/g)!);
    expect((await dkimVerify(mail.raw, { resolver })).results[0].status.result).toBe('fail');
  });

  it('another store’s mail is not signed with this domain', async () => {
    const mail = await sendFrom(t.seed.tenantIds.acme, 'Acme mail');
    expect(mail.header('from')).toBe('Acme <no-reply@shops.test>');
    expect(mail.header('dkim-signature')).toBeUndefined();
  });
});
