import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@shared/auth';
import { afterSignInPath } from './after-sign-in';

const DEMO = 'tenant-demo';
const ACME = 'tenant-acme';
const person = (opts: { isOwner?: boolean; memberships?: [string, 'owner' | 'admin' | 'staff'][] } = {}): Pick<SessionResponse, 'user' | 'memberships'> => ({
  user: { id: 'u1', email: 'someone@example.com', isOwner: opts.isOwner ?? false, isSales: opts.isOwner ?? false },
  memberships: (opts.memberships ?? []).map(([tenant_id, role]) => ({ tenant_id, role, tenant: { name: tenant_id, domain: null } })),
});

describe('where /login goes after sign-in', () => {
  it('a shopper on a store host returns to the page they came from, or the store home', () => {
    const shopper = person();
    expect(afterSignInPath('/p/terracotta-pot?colour=red', shopper, DEMO)).toBe('/p/terracotta-pot?colour=red');
    expect(afterSignInPath('/my-orders?claim=abc', shopper, DEMO)).toBe('/my-orders?claim=abc');
    expect(afterSignInPath('/checkout', shopper, DEMO)).toBe('/checkout');
    expect(afterSignInPath(null, shopper, DEMO)).toBe('/');
    expect(afterSignInPath('', shopper, DEMO)).toBe('/');
  });

  it('never leaves the site or loops back to sign-in', () => {
    const shopper = person();
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login?redirect=/', '/logout']) {
      expect(afterSignInPath(bad, shopper, DEMO)).toBe('/');
    }
    expect(afterSignInPath('//evil.example', person({ memberships: [[DEMO, 'admin']] }), DEMO)).toBe('/admin');
  });

  it('staff, admins and owners of this store, and platform owners, go to /admin, or back to the page that needed sign-in', () => {
    for (const who of [person({ memberships: [[DEMO, 'admin']] }), person({ memberships: [[DEMO, 'staff']] }), person({ memberships: [[DEMO, 'owner']] }), person({ isOwner: true })]) {
      expect(afterSignInPath('/', who, DEMO)).toBe('/admin');
      expect(afterSignInPath('/p/terracotta-pot', who, DEMO)).toBe('/admin');
      expect(afterSignInPath('/checkout', who, DEMO)).toBe('/admin');
      expect(afterSignInPath(null, who, DEMO)).toBe('/admin');
      expect(afterSignInPath('/admin/orders?status=pending', who, DEMO)).toBe('/admin/orders?status=pending');
      expect(afterSignInPath('/my-orders?claim=abc', who, DEMO)).toBe('/my-orders?claim=abc');
    }
    expect(afterSignInPath('/administrator', person({ memberships: [[DEMO, 'admin']] }), DEMO)).toBe('/admin');
    expect(afterSignInPath('/my-orders-not', person({ memberships: [[DEMO, 'admin']] }), DEMO)).toBe('/admin');
  });

  it('a member of another store only is a shopper here', () => {
    expect(afterSignInPath('/products', person({ memberships: [[ACME, 'admin']] }), DEMO)).toBe('/products');
  });

  it('on the platform host: members go to /admin; anyone else to the page asked for, else /admin', () => {
    expect(afterSignInPath('/', person({ memberships: [[ACME, 'staff']] }), null)).toBe('/admin');
    expect(afterSignInPath(null, person(), null)).toBe('/admin');
    expect(afterSignInPath('/admin/orders', person(), null)).toBe('/admin/orders');
  });

  it('on the platform host: someone who just signed up goes to /start to open a shop, unless a page was asked for', () => {
    expect(afterSignInPath(null, person(), null, 'sign-up')).toBe('/start');
    expect(afterSignInPath('', person(), null, 'sign-up')).toBe('/start');
    expect(afterSignInPath('//evil.example', person(), null, 'sign-up')).toBe('/start');
    expect(afterSignInPath('/admin/orders', person(), null, 'sign-up')).toBe('/admin/orders');
    expect(afterSignInPath('/quote/abc', person(), null, 'sign-up')).toBe('/quote/abc');
    // Signing in (not up) with no store still goes to /admin, which says so and links to /start.
    expect(afterSignInPath(null, person(), null, 'sign-in')).toBe('/admin');
    // With store access (an owner, a member), /admin as before.
    expect(afterSignInPath(null, person({ isOwner: true }), null, 'sign-up')).toBe('/admin');
    expect(afterSignInPath(null, person({ memberships: [[ACME, 'owner']] }), null, 'sign-up')).toBe('/admin');
  });

  it('on a store host: signing up is shopping, never /start', () => {
    expect(afterSignInPath(null, person(), DEMO, 'sign-up')).toBe('/');
    expect(afterSignInPath('/checkout', person(), DEMO, 'sign-up')).toBe('/checkout');
  });

  it('back to /start after signing in from it, for people with a store too (opening another)', () => {
    expect(afterSignInPath('/start', person(), null)).toBe('/start');
    expect(afterSignInPath('/start', person({ memberships: [[ACME, 'owner']] }), null)).toBe('/start');
    expect(afterSignInPath('/starter', person({ memberships: [[ACME, 'owner']] }), null)).toBe('/admin');
  });
});
