import type { SessionResponse } from '@shared/auth';
import { safeRedirectPath } from '@shared/redirect';

/**
 * Pages that cannot be used signed out and send people to /login: the admin, My orders (with its claim
 * links), and opening a shop of one's own (/start).
 */
const needsSignIn = (path: string) => /^\/(?:admin|my-orders|start)(?:[/?#]|$)/.test(path);

/**
 * Where /login sends someone once they have signed in or signed up (storefront spec §2; issue 11).
 * People with store access (a platform owner, or a member of this store, or of any store on the
 * platform host) go to /admin as the spec says, unless they were sent to sign in by a page that needs
 * it (an admin page, My orders): then back there. A shopper on a store's host goes back to the page
 * they came from (the same-site `redirect`), else the store's home page: /admin would only tell them
 * "Access Denied". On the platform host anyone else goes to the page asked for, else: just signed up,
 * to /start to open a shop of their own (issue 25); signing in, to /admin, which explains that their
 * account has no store yet and links to /start.
 */
export function afterSignInPath(
  redirect: string | null,
  session: Pick<SessionResponse, 'user' | 'memberships'>,
  storeTenantId: string | null,
  how: 'sign-in' | 'sign-up' = 'sign-in',
): string {
  // '' when there is no redirect or it is not a safe same-site path.
  const asked = safeRedirectPath(redirect, '');
  const storeAccess = Boolean(session.user?.isOwner) || session.memberships.some((m) => storeTenantId === null || m.tenant_id === storeTenantId);
  if (storeAccess) return asked && needsSignIn(asked) ? asked : '/admin';
  if (storeTenantId) return asked || '/';
  return asked || (how === 'sign-up' ? '/start' : '/admin');
}
