import { Link } from 'react-router';
import { Package, User } from 'lucide-react';
import { useSession } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { useLoginHref } from '../use-login-href';

const linkClass = 'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-700 hover:bg-zinc-100';

/** The header's account link: Sign in (and back to this page) for visitors, My orders once signed in. */
export function AccountLink() {
  const session = useSession();
  const signedIn = useHydrated() && Boolean(session.data?.user);
  const loginHref = useLoginHref();
  if (signedIn) {
    return (
      <Link to="/my-orders" aria-label="My orders" className={linkClass}>
        <Package className="size-4" aria-hidden />
        <span className="hidden sm:inline">My orders</span>
      </Link>
    );
  }
  return (
    <Link to={loginHref} aria-label="Sign in" className={linkClass}>
      <User className="size-4" aria-hidden />
      <span className="hidden sm:inline">Sign in</span>
    </Link>
  );
}
