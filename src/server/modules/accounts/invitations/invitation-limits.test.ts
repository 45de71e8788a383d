import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { ACCESS_TEXT, INVITE_EMAIL_WINDOW_MS, INVITE_EMAILS_PER_ACCOUNT, INVITE_EMAILS_PER_STORE } from '../../../../shared/crm/access';
import { CRM_API } from '../../../../shared/crm/routes';

// Issue 24 item 4 (invitations): invitation emails are limited per store and per sending account, resends
// and approvals included. Past either limit: 429 rate_limited with the limit's words and Retry-After,
// and nothing is sent or stored. On PGlite and PostgreSQL alike (the limiter is SQL).

let t: TestApp;
let seq = 0;
const fresh = () => `invitee.${++seq}@limits.test`;
const URL = CRM_API.invitations;
const mails = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from email_messages where kind = 'invite'`))[0].n;
const invites = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from tenant_invitations`))[0].n;

function expectRateLimited(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(INVITE_EMAIL_WINDOW_MS / 1000 - 120);
  expect(retryAfter).toBeLessThanOrEqual(INVITE_EMAIL_WINDOW_MS / 1000);
}

beforeAll(async () => {
  t = await resetTestApp();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limit_events`);
  await t.database.db.execute(sql`delete from platform_rate_limit_events`);
});

describe('invitation emails', () => {
  it(`one account sends at most ${INVITE_EMAILS_PER_ACCOUNT} an hour across stores, resends included; others are not held back`, async () => {
    const owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    const send = (tenantId: string, body: Record<string, unknown> = {}) => call(t.app, 'POST', URL, { host: PLATFORM_HOST, cookie: owner, body: { tenantId, email: fresh(), ...body } });
    const first = await send(t.seed.tenantIds.demo);
    expect(first.statusCode).toBe(201);
    // A resend is an email too.
    const resent = await send(t.seed.tenantIds.demo, { email: first.json().invite.email, inviteId: first.json().invite.id, resend: true });
    expect(resent.statusCode).toBe(200);
    for (let i = 2; i < INVITE_EMAILS_PER_ACCOUNT; i++) expect((await send(i % 2 ? t.seed.tenantIds.acme : t.seed.tenantIds.demo)).statusCode, `email ${i + 1}`).toBe(201);
    const [mailsBefore, invitesBefore] = [await mails(), await invites()];
    expectRateLimited(await send(t.seed.tenantIds.acme), ACCESS_TEXT.rateLimitedAccount);
    expectRateLimited(await send(t.seed.tenantIds.demo, { email: first.json().invite.email, inviteId: first.json().invite.id, resend: true }), ACCESS_TEXT.rateLimitedAccount);
    expect(await mails()).toBe(mailsBefore);
    expect(await invites()).toBe(invitesBefore);
    // Another account, on the same stores, still sends.
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    expect((await call(t.app, 'POST', URL, { host: ACME_HOST, cookie: acmeAdmin, body: { tenantId: t.seed.tenantIds.acme, email: fresh() } })).statusCode).toBe(201);
    // The window moves on: an hour later the account sends again.
    await t.database.db.execute(sql`update platform_rate_limit_events set created_at = created_at - interval '61 minutes'`);
    expect((await send(t.seed.tenantIds.acme)).statusCode).toBe(201);
  });

  it(`one store sends at most ${INVITE_EMAILS_PER_STORE} an hour, whoever sends them (approvals included); another store is not held back`, async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const partner = await signIn(t.app, 'partner@demo.test');
    const owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    const sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
    const demo = t.seed.tenantIds.demo;
    const post = (cookie: string, host = DEMO_HOST, tenantId = demo) => call(t.app, 'POST', URL, { host, cookie, body: { tenantId, email: fresh() } });
    // A request sends nothing: it does not count until it is approved.
    const request = await post(sales, PLATFORM_HOST);
    expect(request.statusCode).toBe(202);
    const senders = [admin, partner];
    for (let i = 0; i < INVITE_EMAILS_PER_STORE - 1; i++) expect((await post(senders[i % 2])).statusCode, `email ${i + 1}`).toBe(201);
    const approve = () => call(t.app, 'POST', CRM_API.invitationApproval, { host: PLATFORM_HOST, cookie: owner, body: { tenantId: demo, inviteId: request.json().invite.id, decision: 'approve' } });
    expect((await approve()).statusCode).toBe(200);
    const mailsBefore = await mails();
    expectRateLimited(await post(owner, PLATFORM_HOST), ACCESS_TEXT.rateLimitedStore);
    expect(await mails()).toBe(mailsBefore);
    // Acme sends as before.
    expect((await post(owner, PLATFORM_HOST, t.seed.tenantIds.acme)).statusCode).toBe(201);
  });

  it('requests at the same moment cannot slip past the account limit', async () => {
    const owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    const answers = await Promise.all(
      Array.from({ length: INVITE_EMAILS_PER_ACCOUNT + 4 }, (_, i) =>
        call(t.app, 'POST', URL, { host: PLATFORM_HOST, cookie: owner, body: { tenantId: i % 2 ? t.seed.tenantIds.acme : t.seed.tenantIds.demo, email: fresh() } }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(INVITE_EMAILS_PER_ACCOUNT);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });
});
