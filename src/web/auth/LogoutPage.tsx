import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSignOut } from '@/lib/auth';

/** /logout: ends the session on the server, then goes to the sign-in page. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const started = useRef(false);

  useEffect(() => {
    // Once only, even when React mounts effects twice in development.
    if (started.current) return;
    started.current = true;
    signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  }, [signOut, navigate]);

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3">
      <Spinner />
      <p className="text-sm text-zinc-600">Signing out...</p>
    </div>
  );
}
