import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { hashPassword } from '../auth/passwords';
import { CRM_API } from '../../../../shared/crm/routes';

// Issue 24 item 2, the invitation matrix: every inviter kind x role x store (their own, another) x
// invitee (themself, someone else) through the HTTP layer. Each answer is asserted exactly, no
// membership appears at the call, and every invitation that may exist is then accepted (requests after
// the store's approval): each grants exactly the role asked, never above what its backer holds.

let t: TestApp;
type Store = 'demo' | 'acme';
type Standing = 'owner' | 'admin' | 'staff' | null;
const RANK = { staff: 1, admin: 2, owner: 3 } as const;
const HOST: Record<Store, string> = { demo: DEMO_HOST, acme: ACME_HOST };

interface Kind {
  name: string;
  email: string | null;
  host: string;
  /** The store they belong to, if any: "their own" in the matrix; the other store is "another". */
  home: Store | null;
  platformOwner?: boolean;
  /** What they hold in each store. */
  holds: Partial<Record<Store, Standing>>;
}

const KINDS: Kind[] = [
  { name: 'platform owner', email: 'owner@platform.test', host: PLATFORM_HOST, home: null, platformOwner: true, holds: {} },
  { name: 'platform sales', email: 'sales@platform.test', host: PLATFORM_HOST, home: null, holds: {} },
  { name: 'platform sales who admins Demo', email: 'sales.admin@platform.test', host: PLATFORM_HOST, home: 'demo', holds: { demo: 'admin' } },
  { name: 'store owner', email: 'owner@demo.test', host: DEMO_HOST, home: 'demo', holds: { demo: 'owner' } },
  { name: 'store admin', email: 'admin@demo.test', host: DEMO_HOST, home: 'demo', holds: { demo: 'admin' } },
  { name: 'store staff', email: 'staff@demo.test', host: DEMO_HOST, home: 'demo', holds: { demo: 'staff' } },
  { name: 'member of another store', email: 'admin@acme.test', host: ACME_HOST, home: 'acme', holds: { acme: 'admin' } },
  { name: 'shopper with no store', email: 'shopper@demo.test', host: DEMO_HOST, home: null, holds: {} },
  { name: 'not signed in', email: null, host: DEMO_HOST, home: null, holds: {} },
];

/** The answer the rules give (decisions 027 and 030). */
function expected(kind: Kind, store: Store, self: boolean): { status: number; code?: string } {
  if (!kind.email) return { status: 401 };
  const sales = kind.platformOwner || kind.email.includes('@platform.test');
  const standing = kind.holds[store] ?? null;
  if (!sales) {
    const storeInScope: Store | null = kind.host === DEMO_HOST ? 'demo' : kind.host === ACME_HOST ? 'acme' : null;
    if (storeInScope !== store) return { status: 403 };
    if (!standing) return { status: 404 };
    if (standing === 'staff') return { status: 403 };
  }
  if (self) return { status: 409, code: 'self_invite' };
  const manages = kind.platformOwner || standing === 'owner' || standing === 'admin';
  return manages ? { status: 201 } : { status: 202 };
}

interface Case {
  kind: Kind;
  store: Store;
  role: 'admin' | 'staff';
  invitee: string;
  want: { status: number; code?: string };
  link?: string | null;
  inviteId?: string;
}

const membershipsOf = async (email: string) =>
  rowsOf<{ tenant_id: string; role: string }>(
    await t.database.db.execute(sql`select m.tenant_id, m.role from memberships m join users u on u.id = m.user_id where u.email = ${email} order by m.tenant_id`),
  );

beforeAll(async () => {
  t = await resetTestApp();
  // A store owner of Demo, and a platform sales account that also admins Demo (the seed has neither).
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const [owner] = rowsOf<{ id: string }>(await t.database.db.execute(sql`insert into users (email, password_hash) values ('owner@demo.test', ${passwordHash}) returning id`));
  const [salesAdmin] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`insert into users (email, password_hash, is_platform_sales) values ('sales.admin@platform.test', ${passwordHash}, true) returning id`),
  );
  await t.database.db.execute(sql`insert into memberships (tenant_id, user_id, role) values (${t.seed.tenantIds.demo}, ${owner.id}, 'owner'), (${t.seed.tenantIds.demo}, ${salesAdmin.id}, 'admin')`);
});

describe('the invitation matrix', () => {
  it('answers every inviter kind x role x store x invitee as the rules say, and accepting never raises anyone above their backer', async () => {
    const cookies = new Map<string, string>();
    for (const kind of KINDS) if (kind.email) cookies.set(kind.email, await signIn(t.app, kind.email, kind.host));
    const before = new Map<string, unknown>();
    for (const kind of KINDS) if (kind.email) before.set(kind.email, await membershipsOf(kind.email));

    const cases: Case[] = [];
    let n = 0;
    for (const kind of KINDS) {
      const stores: Store[] = kind.home === 'acme' ? ['acme', 'demo'] : ['demo', 'acme'];
      for (const store of stores) {
        for (const role of ['admin', 'staff'] as const) {
          for (const self of [true, false]) {
            if (self && !kind.email) continue; // nobody to be: the anonymous "self" is the other case
            const invitee = self ? kind.email! : `invitee.${++n}@matrix.test`;
            cases.push({ kind, store, role, invitee, want: expected(kind, store, self) });
          }
        }
      }
    }

    for (const c of cases) {
      const label = `${c.kind.name} inviting ${c.invitee === c.kind.email ? 'themself' : 'someone else'} as ${c.role} to ${c.store === c.kind.home ? 'their own store' : 'another store'} (${c.store})`;
      const res = await call(t.app, 'POST', CRM_API.invitations, {
        host: c.kind.host,
        cookie: c.kind.email ? cookies.get(c.kind.email) : null,
        body: { tenantId: t.seed.tenantIds[c.store], email: c.invitee, role: c.role },
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(c.want.status);
      if (c.want.code) expect(res.json().error.code, label).toBe(c.want.code);
      if (res.statusCode === 201 || res.statusCode === 202) {
        c.link = res.json().magic_link_url;
        c.inviteId = res.json().invite.id;
        expect(res.json().invite.status, label).toBe(res.statusCode === 201 ? 'pending' : 'awaiting_approval');
        // A request makes no link and sends nothing.
        if (res.statusCode === 202) expect(c.link, label).toBeNull();
      }
      // Nothing is granted by asking: the invitee has no membership in the store yet.
      const held = (await membershipsOf(c.invitee)).filter((m) => m.tenant_id === t.seed.tenantIds[c.store]);
      if (c.invitee !== c.kind.email) expect(held, label).toEqual([]);
    }
    // No caller gained or changed any membership of their own.
    for (const kind of KINDS) if (kind.email) expect(await membershipsOf(kind.email), kind.name).toEqual(before.get(kind.email));

    // Requests wait for the store: its admin approves each, and only then is a link made.
    const approvers: Record<Store, string> = { demo: cookies.get('admin@demo.test')!, acme: cookies.get('admin@acme.test')! };
    for (const c of cases.filter((x) => x.want.status === 202)) {
      const approved = await call(t.app, 'POST', CRM_API.invitationApproval, {
        host: HOST[c.store],
        cookie: approvers[c.store],
        body: { tenantId: t.seed.tenantIds[c.store], inviteId: c.inviteId, decision: 'approve' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      c.link = approved.json().magic_link_url;
    }

    // Every invitation that exists is accepted by its invitee, as a new account: exactly the role
    // asked, which is never above what the inviter (or the approver, an admin) holds there.
    const accepted = cases.filter((c) => c.link);
    expect(accepted.length).toBe(cases.filter((c) => c.want.status === 201 || c.want.status === 202).length);
    for (const c of accepted) {
      const token = decodeURIComponent(c.link!.split('/invite/')[1]);
      const res = await call(t.app, 'POST', CRM_API.acceptInvitation, { host: HOST[c.store], body: { token, password: 'matrix-password' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ tenant_id: t.seed.tenantIds[c.store], role: c.role });
      const [membership] = await membershipsOf(c.invitee);
      expect(membership.role).toBe(c.role);
      const backer: Standing = c.want.status === 202 ? 'admin' : c.kind.platformOwner ? 'owner' : (c.kind.holds[c.store] ?? null);
      expect(backer, c.kind.name).not.toBeNull();
      expect(RANK[c.role]).toBeLessThanOrEqual(RANK[backer!]);
    }
    // Nobody who was refused, and no caller, holds anything new.
    for (const c of cases.filter((x) => !x.link && x.invitee !== x.kind.email)) expect(await membershipsOf(c.invitee)).toEqual([]);
    for (const kind of KINDS) if (kind.email) expect(await membershipsOf(kind.email), kind.name).toEqual(before.get(kind.email));
  });
});
