import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { ACCESS_TEXT } from '../../../../shared/crm/access';
import { CRM_API } from '../../../../shared/crm/routes';

// Issue 24 item 2 (decision 030): a platform sales account that does not manage a store only requests
// invitations, which wait for the store's owner or an admin; it cannot raise anyone through the other
// Client Access actions; and a link grants nothing once its backer no longer manages the store.

let t: TestApp;
let demo: string;
let demoAdmin: string;
let demoStaff: string;
let acmeAdmin: string;
let sales: string;

const URL = CRM_API.invitations;
const tokenOf = (link: string) => decodeURIComponent(link.split('/invite/')[1]);
const inviteMails = async (to: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from email_messages where kind = 'invite' and to_address = ${to}`))[0].n;
const roleOf = async (email: string, tenantId: string) =>
  rowsOf<{ role: string }>(await t.database.db.execute(sql`select m.role from memberships m join users u on u.id = m.user_id where u.email = ${email} and m.tenant_id = ${tenantId}`))[0]?.role ?? null;
const decide = (cookie: string, inviteId: string, decision: 'approve' | 'decline', host = DEMO_HOST, tenantId = demo) =>
  call(t.app, 'POST', CRM_API.invitationApproval, { host, cookie, body: { tenantId, inviteId, decision } });
const salesInvite = (body: Record<string, unknown>) => call(t.app, 'POST', URL, { host: PLATFORM_HOST, cookie: sales, body: { tenantId: demo, ...body } });
const adminInvite = (body: Record<string, unknown>, cookie = demoAdmin) => call(t.app, 'POST', URL, { host: DEMO_HOST, cookie, body: { tenantId: demo, ...body } });
const accept = (token: string, password = 'joining-password') => call(t.app, 'POST', CRM_API.acceptInvitation, { host: DEMO_HOST, body: { token, password } });

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  demoAdmin = await signIn(t.app, 'admin@demo.test');
  demoStaff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
});
// These tests are about who may do what, not how many: each starts with no counted invitation emails.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limit_events`);
  await t.database.db.execute(sql`delete from platform_rate_limit_events`);
});

describe('a platform sales request', () => {
  it('waits for the store: no link, no email, shown to its managers with who asked; approved, it is sent and joins', async () => {
    const asked = await salesInvite({ email: 'wanted@demo.test', role: 'admin' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ magic_link_url: null, invite: { status: 'awaiting_approval', requested_by_email: 'sales@platform.test', role: 'admin' } });
    expect(await inviteMails('wanted@demo.test')).toBe(0);
    const id = asked.json().invite.id;
    const stored = rowsOf<{ token_hash: string | null }>(await t.database.db.execute(sql`select token_hash from tenant_invitations where id = ${id}`));
    expect(stored[0].token_hash).toBeNull();

    // The sales person sees the request's state; the store's admin sees it with who asked, and may manage.
    const theirs = (await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { host: PLATFORM_HOST, cookie: sales })).json();
    expect(theirs.can_manage).toBe(false);
    expect(theirs.invites.find((i: { id: string }) => i.id === id).status).toBe('awaiting_approval');
    const managers = (await call(t.app, 'GET', `${URL}?tenantId=${demo}`, { cookie: demoAdmin })).json();
    expect(managers.can_manage).toBe(true);
    expect(managers.invites.find((i: { id: string }) => i.id === id)).toMatchObject({ requested_by_email: 'sales@platform.test', status: 'awaiting_approval' });

    // Nobody but the store's owners and admins (or a platform owner) decides it.
    const bySales = await decide(sales, id, 'approve', PLATFORM_HOST);
    expect(bySales.statusCode).toBe(403);
    expect(bySales.json().error.message).toBe(ACCESS_TEXT.managersOnly);
    expect((await decide(demoStaff, id, 'approve')).statusCode).toBe(403);
    expect((await decide(acmeAdmin, id, 'approve', ACME_HOST)).statusCode).toBe(403);
    expect((await decide(acmeAdmin, id, 'approve', ACME_HOST, t.seed.tenantIds.acme)).statusCode).toBe(404);
    // Resending a request has no link to resend.
    const resent = await salesInvite({ email: 'wanted@demo.test', inviteId: id, resend: true });
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error.message).toBe(ACCESS_TEXT.awaitingApproval);
    expect(await inviteMails('wanted@demo.test')).toBe(0);

    const approved = await decide(demoAdmin, id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().invite.status).toBe('pending');
    expect(approved.json().magic_link_url).toMatch(/^http:\/\/demo\.localhost:3000\/invite\//);
    expect(await inviteMails('wanted@demo.test')).toBe(1);
    expect((await decide(demoAdmin, id, 'approve')).json().error.message).toBe(ACCESS_TEXT.notAwaiting);

    expect((await accept(tokenOf(approved.json().magic_link_url))).statusCode).toBe(200);
    expect(await roleOf('wanted@demo.test', demo)).toBe('admin');
  });

  it('declined, it can never be approved; asking again for an address with a live link is refused', async () => {
    const id = (await salesInvite({ email: 'declined@demo.test', role: 'staff' })).json().invite.id;
    const declined = await decide(demoAdmin, id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ magic_link_url: null, invite: { status: 'declined' } });
    expect((await decide(demoAdmin, id, 'approve')).statusCode).toBe(409);
    expect(await inviteMails('declined@demo.test')).toBe(0);

    await adminInvite({ email: 'linked@demo.test', role: 'staff' });
    const again = await salesInvite({ email: 'linked@demo.test', role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ACCESS_TEXT.alreadyOpen);
  });

  it('is approved by a manager inviting the same address directly', async () => {
    const id = (await salesInvite({ email: 'direct@demo.test', role: 'staff' })).json().invite.id;
    const sent = await adminInvite({ email: 'direct@demo.test', role: 'staff' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().invite).toMatchObject({ id, status: 'pending' });
    expect((await accept(tokenOf(sent.json().magic_link_url))).statusCode).toBe(200);
  });
});

describe('the other Client Access actions, for platform sales', () => {
  it('cannot change roles, remove members, or resend or revoke what others sent; may withdraw their own request', async () => {
    const staffId = t.seed.userIds['staff@demo.test'];
    const promote = await call(t.app, 'PATCH', URL, { host: PLATFORM_HOST, cookie: sales, body: { tenantId: demo, userId: staffId, role: 'admin' } });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.message).toBe(ACCESS_TEXT.managersOnly);
    expect(await roleOf('staff@demo.test', demo)).toBe('staff');
    expect((await call(t.app, 'DELETE', URL, { host: PLATFORM_HOST, cookie: sales, body: { tenantId: demo, userId: staffId } })).statusCode).toBe(403);
    expect(await roleOf('staff@demo.test', demo)).toBe('staff');

    const adminSent = (await adminInvite({ email: 'admins.own@demo.test', role: 'admin' })).json().invite;
    expect((await salesInvite({ email: adminSent.email, inviteId: adminSent.id, resend: true })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', URL, { host: PLATFORM_HOST, cookie: sales, body: { tenantId: demo, inviteId: adminSent.id } })).statusCode).toBe(403);

    const mine = (await salesInvite({ email: 'withdrawn@demo.test', role: 'staff' })).json().invite;
    expect((await call(t.app, 'DELETE', URL, { host: PLATFORM_HOST, cookie: sales, body: { tenantId: demo, inviteId: mine.id } })).statusCode).toBe(200);
    expect((await decide(demoAdmin, mine.id, 'approve')).statusCode).toBe(409);
  });

  it('an approved request of their own may be resent; the link stays backed by its approver', async () => {
    const id = (await salesInvite({ email: 'resent@demo.test', role: 'admin' })).json().invite.id;
    await decide(demoAdmin, id, 'approve');
    const resent = await salesInvite({ email: 'resent@demo.test', inviteId: id, resend: true });
    expect(resent.statusCode, resent.body).toBe(200);
    // The approver is demoted: the link the sales account resent grants nothing now.
    await t.database.db.execute(sql`update memberships set role = 'staff' where tenant_id = ${demo} and user_id = ${t.seed.userIds['admin@demo.test']}`);
    try {
      const refused = await accept(tokenOf(resent.json().magic_link_url));
      expect(refused.statusCode).toBe(410);
      expect(refused.json().error.message).toBe(ACCESS_TEXT.inviterLostAccess);
    } finally {
      await t.database.db.execute(sql`update memberships set role = 'admin' where tenant_id = ${demo} and user_id = ${t.seed.userIds['admin@demo.test']}`);
    }
  });
});

describe('a link grants no more than its backer holds when it is accepted', () => {
  it('refuses a demoted or removed inviter’s pending invitation (page and accept), and grants once they manage again', async () => {
    const partner = await signIn(t.app, 'partner@demo.test');
    const partnerId = t.seed.userIds['partner@demo.test'];
    const link = (await adminInvite({ email: 'via.partner@demo.test', role: 'admin' }, partner)).json().magic_link_url;
    const token = tokenOf(link);

    // Demoted to staff by another admin: the page and accepting both say why, and nothing is granted.
    expect((await call(t.app, 'PATCH', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: partnerId, role: 'staff' } })).statusCode).toBe(200);
    const page = await call(t.app, 'GET', CRM_API.invitationPreview(token), { host: DEMO_HOST });
    expect(page.statusCode).toBe(410);
    expect(page.json().error).toMatchObject({ code: 'inviter_lost_access', message: ACCESS_TEXT.inviterLostAccess });
    expect((await accept(token)).statusCode).toBe(410);
    expect(await roleOf('via.partner@demo.test', demo)).toBeNull();
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from users where email = 'via.partner@demo.test'`))[0].n).toBe(0);

    // Removed: the same.
    expect((await call(t.app, 'DELETE', URL, { cookie: demoAdmin, body: { tenantId: demo, userId: partnerId } })).statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(410);

    // Back as an admin, the same link (still unused) works.
    await t.database.db.execute(sql`insert into memberships (tenant_id, user_id, role) values (${demo}, ${partnerId}, 'admin')`);
    expect((await accept(token)).statusCode).toBe(200);
    expect(await roleOf('via.partner@demo.test', demo)).toBe('admin');
  });

  it('a platform owner’s invitation needs no membership of theirs', async () => {
    const owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    const sent = await call(t.app, 'POST', URL, { host: PLATFORM_HOST, cookie: owner, body: { tenantId: demo, email: 'by.owner@demo.test', role: 'admin' } });
    expect(sent.statusCode).toBe(201);
    expect((await accept(tokenOf(sent.json().magic_link_url))).statusCode).toBe(200);
    expect(await roleOf('by.owner@demo.test', demo)).toBe('admin');
  });
});
