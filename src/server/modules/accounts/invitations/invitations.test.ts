import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, sessionCookieFrom, signIn, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { ACCESS_TEXT } from '../../../../shared/crm/access';
import { CRM_API } from '../../../../shared/crm/routes';

// Client Access (issue 16, decision 027) through the HTTP layer: who may manage which store's access,
// the invite's life (email, accept, resend, revoke, expiry, single use) and strange input.

let t: TestApp;
let demoAdmin: string;
let demoStaff: string;
let acmeAdmin: string;
let sales: string;
let platformOwner: string;
let demo: string;
let acme: string;

const URL = CRM_API.invitations;
const tokenOf = (link: string) => decodeURIComponent(link.split('/invite/')[1]);
const lastInviteMail = async (to: string) =>
  rowsOf<{ text: string; subject: string }>(await t.database.db.execute(sql`select text, subject from email_messages where kind = 'invite' and to_address = ${to} order by created_at desc limit 1`))[0];

async function invite(cookie: string, body: Record<string, unknown>, host = DEMO_HOST) {
  return call(t.app, 'POST', URL, { host, cookie, body });
}

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
  demoAdmin = await signIn(t.app, 'admin@demo.test');
  demoStaff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
  platformOwner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
});

describe('who may manage access', () => {
  it('lists tenants for platform sales and owners only', async () => {
    const listed = await call(t.app, 'GET', CRM_API.tenants, { host: PLATFORM_HOST, cookie: sales });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().tenants.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Demo Store', 'Acme']));
    expect(listed.json().tenants.find((x: { id: string }) => x.id === demo).member_count).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', CRM_API.tenants, { cookie: demoAdmin })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', CRM_API.tenants, { host: PLATFORM_HOST, cookie: sales, body: { name: 'X', domain: 'x.example' } })).statusCode).toBe(403);
  });

  it('refuses bad bodies with field messages', async () => {
    const noTenant = await invite(demoAdmin, { email: 'a@b.test' });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().error.fields.tenantId).toBe(ACCESS_TEXT.chooseTenant);
    const badEmail = await invite(demoAdmin, { tenantId: demo, email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields.email).toBe('Invalid email');
    expect((await call(t.app, 'GET', URL, { cookie: demoAdmin })).json().error.fields.tenantId).toBe(ACCESS_TEXT.chooseTenant);
    expect((await call(t.app, 'PATCH', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: 'x', role: 'owner' } })).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo } })).statusCode).toBe(400);
  });

  it('refuses staff, another store and strangers', async () => {
    expect((await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { cookie: demoStaff })).statusCode).toBe(403);
    expect((await invite(demoStaff, { tenantId: demo, email: 'x@y.test' })).statusCode).toBe(403);
    const other = await call(t.app, 'GET', `${URL}?tenantId=${acme}`, { cookie: demoAdmin });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('This request names a different store.');
    expect((await invite(demoAdmin, { tenantId: acme, email: 'x@y.test' })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { host: ACME_HOST, cookie: acmeAdmin })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${URL}?tenantId=${demo}`)).statusCode).toBe(401);
  });

  it('lets sales and platform owners reach any store, and answers 404 for one that does not exist', async () => {
    const listed = await call(t.app, 'GET', `${URL}?tenantId=${acme}`, { host: PLATFORM_HOST, cookie: sales });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().members.map((m: { email: string }) => m.email)).toContain('admin@acme.test');
    expect(listed.json().members.map((m: { email: string }) => m.email)).not.toContain('admin@demo.test');
    expect((await call(t.app, 'GET', `${URL}?tenantId=00000000-0000-4000-8000-000000000000`, { host: PLATFORM_HOST, cookie: sales })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${URL}?tenantId=not-a-uuid`, { host: PLATFORM_HOST, cookie: sales })).statusCode).toBe(404);
    // A platform owner's invitation goes out at once (platform sales only request one: decision 030).
    const sent = await invite(platformOwner, { tenantId: acme, email: 'Helper@Acme.test', role: 'staff' }, PLATFORM_HOST);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().invite).toMatchObject({ email: 'helper@acme.test', role: 'staff', status: 'pending' });
    // The link is on the store's own domain, whoever sent it.
    expect(sent.json().magic_link_url).toMatch(/^http:\/\/acme\.localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
    expect((await lastInviteMail('helper@acme.test')).text).toContain(sent.json().magic_link_url);
    // Only the hash is stored.
    const stored = rowsOf<{ token_hash: string }>(await t.database.db.execute(sql`select token_hash from tenant_invitations where email = 'helper@acme.test'`));
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(sent.json().magic_link_url));
    // Demo's admin does not see Acme's invite.
    const demoList = await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { cookie: demoAdmin });
    expect(demoList.json().invites.map((i: { email: string }) => i.email)).not.toContain('helper@acme.test');
  });

  it('protects the owner and the caller themself', async () => {
    // The seed has no store owner: make Acme's admin its owner for this check.
    await t.database.db.execute(sql`update memberships set role = 'owner' where tenant_id = ${acme} and user_id = ${t.seed.userIds['admin@acme.test']}`);
    const members = (await call(t.app, 'GET', `${URL}?tenantId=${acme}`, { host: PLATFORM_HOST, cookie: platformOwner })).json().members as { user_id: string; role: string; email: string }[];
    const owner = members.find((m) => m.role === 'owner')!;
    const patched = await call(t.app, 'PATCH', URL, { host: PLATFORM_HOST, cookie: platformOwner, body: { tenantId: acme, userId: owner.user_id, role: 'staff' } });
    expect(patched.statusCode).toBe(403);
    expect(patched.json().error.message).toBe(ACCESS_TEXT.ownerLocked);
    expect((await call(t.app, 'DELETE', URL, { host: PLATFORM_HOST, cookie: platformOwner, body: { tenantId: acme, userId: owner.user_id } })).statusCode).toBe(403);
    await t.database.db.execute(sql`update memberships set role = 'admin' where tenant_id = ${acme} and user_id = ${t.seed.userIds['admin@acme.test']}`);
    const self = await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: t.seed.userIds['admin@demo.test'] } });
    expect(self.statusCode).toBe(409);
    expect((await invite(demoAdmin, { tenantId: demo, email: 'staff@demo.test' })).statusCode).toBe(409);
  });
});

describe('an invitation', () => {
  it('is emailed, accepted by a new person, and works once', async () => {
    const sent = await invite(demoAdmin, { tenantId: demo, email: 'new.person@demo.test', role: 'staff' });
    expect(sent.statusCode).toBe(201);
    const mail = await lastInviteMail('new.person@demo.test');
    expect(mail.subject).toContain('Demo Store');
    expect(mail.text).toContain('admin@demo.test');
    const token = tokenOf(sent.json().magic_link_url);

    const preview = await call(t.app, 'GET', CRM_API.invitationPreview(token), { host: DEMO_HOST });
    expect(preview.json()).toEqual({ store_name: 'Demo Store', email: 'new.person@demo.test', role: 'staff', has_account: false });
    // The link names no store: on another store's host it is unknown.
    expect((await call(t.app, 'GET', CRM_API.invitationPreview(token), { host: ACME_HOST })).statusCode).toBe(404);

    const short = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toMatch(/at least 8/);
    const accepted = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token, password: 'a-new-password' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ tenant_id: demo, role: 'staff' });
    const cookie = sessionCookieFrom(accepted);
    const session = (await call(t.app, 'GET', '/api/auth/session', { host: DEMO_HOST, cookie })).json();
    expect(session.memberships).toEqual([expect.objectContaining({ tenant_id: demo, role: 'staff' })]);
    expect((await call(t.app, 'GET', '/api/crm/context', { host: DEMO_HOST, cookie })).statusCode).toBe(200);

    const listed = (await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { cookie: demoAdmin })).json();
    const member = listed.members.find((m: { email: string }) => m.email === 'new.person@demo.test');
    expect(member).toMatchObject({ role: 'staff', invited_at: expect.any(String), last_sign_in_at: expect.any(String) });
    expect(listed.invites.find((i: { email: string }) => i.email === 'new.person@demo.test').status).toBe('accepted');

    const again = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token, password: 'a-new-password' } });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(ACCESS_TEXT.inviteUsed);
    expect((await call(t.app, 'GET', CRM_API.invitationPreview(token), { host: DEMO_HOST })).statusCode).toBe(410);
  });

  it('joins an existing account: signed in as that email, or confirming its password', async () => {
    const first = tokenOf((await invite(platformOwner, { tenantId: acme, email: 'staff@demo.test', role: 'admin' }, PLATFORM_HOST)).json().magic_link_url);
    expect((await call(t.app, 'GET', CRM_API.invitationPreview(first), { host: ACME_HOST })).json().has_account).toBe(true);
    // Someone else's session: refused, and the link still works.
    const wrong = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: ACME_HOST, cookie: acmeAdmin, body: { token: first } });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe(ACCESS_TEXT.wrongAccount);
    const staffOnAcme = await signIn(t.app, 'staff@demo.test', ACME_HOST);
    const joined = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: ACME_HOST, cookie: staffOnAcme, body: { token: first } });
    expect(joined.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/products', { host: ACME_HOST, cookie: staffOnAcme })).statusCode).toBe(200);

    const second = tokenOf((await invite(demoAdmin, { tenantId: demo, email: 'admin@acme.test', role: 'staff' })).json().magic_link_url);
    const noPassword = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token: second } });
    expect(noPassword.statusCode).toBe(400);
    const badPassword = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token: second, password: 'wrong-password' } });
    expect(badPassword.statusCode).toBe(401);
    const ok = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token: second, password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const lastSignIn = rowsOf<{ at: string | null }>(await t.database.db.execute(sql`select last_sign_in_at as at from users where email = 'admin@acme.test'`))[0].at;
    expect(lastSignIn).not.toBeNull();
  });

  it('dies when resent, revoked or expired', async () => {
    const sent = (await invite(demoAdmin, { tenantId: demo, email: 'later@demo.test' })).json();
    const oldToken = tokenOf(sent.magic_link_url);
    const resent = await invite(demoAdmin, { tenantId: demo, email: 'later@demo.test', inviteId: sent.invite.id, resend: true });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invite.id).toBe(sent.invite.id);
    expect((await call(t.app, 'GET', CRM_API.invitationPreview(oldToken), { host: DEMO_HOST })).statusCode).toBe(404);
    const newToken = tokenOf(resent.json().magic_link_url);
    expect((await call(t.app, 'GET', CRM_API.invitationPreview(newToken), { host: DEMO_HOST })).statusCode).toBe(200);

    // Inviting the same address again refreshes the one open invite rather than adding another.
    const again = (await invite(demoAdmin, { tenantId: demo, email: 'later@demo.test', role: 'staff' })).json();
    expect(again.invite.id).toBe(sent.invite.id);
    expect(again.invite.role).toBe('staff');
    const token = tokenOf(again.magic_link_url);

    await t.database.db.execute(sql`update tenant_invitations set expires_at = now() - interval '1 minute' where id = ${sent.invite.id}`);
    const expired = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token, password: 'long-enough-1' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(ACCESS_TEXT.inviteExpired);

    const revoked = await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo, inviteId: sent.invite.id } });
    expect(revoked.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', CRM_API.invitationPreview(token), { host: DEMO_HOST });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toBe(ACCESS_TEXT.inviteRevokedLink);
    expect((await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo, inviteId: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
  });

  it('changes a member role and removes a member', async () => {
    const staffId = t.seed.userIds['staff@demo.test'];
    expect((await call(t.app, 'PATCH', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: staffId, role: 'admin' } })).statusCode).toBe(200);
    let members = (await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { cookie: demoAdmin })).json().members;
    expect(members.find((m: { user_id: string }) => m.user_id === staffId).role).toBe('admin');
    expect((await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: staffId } })).statusCode).toBe(200);
    members = (await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { cookie: demoAdmin })).json().members;
    expect(members.map((m: { user_id: string }) => m.user_id)).not.toContain(staffId);
    // Someone who is not Demo's member cannot be named through Demo.
    expect((await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: t.seed.userIds['sales@platform.test'] } })).statusCode).toBe(404);
  });
});

describe('strange input', () => {
  it('answers 4xx, never 5xx', async () => {
    const answers = await Promise.all([
      call(t.app, 'GET', `${URL}?tenantId=a%00b`, { cookie: demoAdmin }),
      invite(demoAdmin, { tenantId: demo, email: 'a\u0000b@x.test' }),
      invite(demoAdmin, { tenantId: demo, email: 'x'.repeat(1_000_000) }),
      call(t.app, 'GET', CRM_API.invitationPreview('a\u0000b'), { host: DEMO_HOST }),
      call(t.app, 'GET', `/api/invitations/${'x'.repeat(5000)}`, { host: DEMO_HOST }),
      call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token: 'x'.repeat(1_000_000) } }),
      call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token: 'abc\u0000', password: 'p\u0000assword-long' } }),
      call(t.app, 'POST', CRM_API.acceptInvitation, { host: PLATFORM_HOST, body: { token: 'abc' } }),
      call(t.app, 'PATCH', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: 'not-a-uuid', role: 'staff' } }),
      invite(demoAdmin, { tenantId: demo, email: 'a@b.test', resend: true, inviteId: 'x\u0000' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it('lets exactly one of 400 simultaneous accepts of one link succeed', async () => {
    const link = (await invite(platformOwner, { tenantId: acme, email: 'shopper@demo.test', role: 'staff' }, PLATFORM_HOST)).json().magic_link_url;
    const shopper = await signIn(t.app, 'shopper@demo.test', ACME_HOST);
    const answers = await Promise.all(
      Array.from({ length: 400 }, () => call(t.app, 'POST', CRM_API.acceptInvitation, { host: ACME_HOST, cookie: shopper, body: { token: tokenOf(link) } })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 410)).toEqual([]);
  });
});
