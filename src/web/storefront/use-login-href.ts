import { useLocation } from 'react-router';

/**
 * /login that brings the shopper back to this page (path and query) once signed in or signed up:
 * the header's and footer's Sign in, My orders' Log In. Staff still go to /admin (auth/after-sign-in.ts).
 */
export function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
