import type { SessionResponse } from '@shared/auth';
import { safeRedirectPath } from '@shared/redirect';

/** Pages that cannot be used signed out and send people to /login: the admin, and My orders (with its claim links). */
const needsSignIn = (path: string) => /^\/(?:admin|my-orders)(?:[/?#]|$)/.test(path);

/**
 * Where /login sends someone once they have signed in or signed up (storefront spec §2; issue 11).
 * People with store access (a platform owner, or a member of this store, or of any store on the
 * platform host) go to /admin as the spec says, unless they were sent to sign in by a page that needs
 * it (an admin page, My orders): then back there. A shopper on a store's host goes back to the page
 * they came from (the same-site `redirect`), else the store's home page: /admin would only tell them
 * "Access Denied". On the platform host anyone else still goes to /admin, which explains that their
 * account has no store yet.
 */
export function afterSignInPath(redirect: string | null, session: Pick<SessionResponse, 'user' | 'memberships'>, storeTenantId: string | null): string {
  // '' when there is no redirect or it is not a safe same-site path.
  const asked = safeRedirectPath(redirect, '');
  const storeAccess = Boolean(session.user?.isOwner) || session.memberships.some((m) => storeTenantId === null || m.tenant_id === storeTenantId);
  if (storeAccess) return asked && needsSignIn(asked) ? asked : '/admin';
  if (storeTenantId) return asked || '/';
  return asked || '/admin';
}
