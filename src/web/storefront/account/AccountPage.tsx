import { Link } from 'react-router';
import { AlertTriangle, LockKeyhole, Package, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { ChangeEmailForm } from '@/account/ChangeEmailForm';
import { ChangePasswordForm } from '@/account/ChangePasswordForm';
import { DevicesList } from '@/account/DevicesList';
import { EmailChangeNotice } from '@/account/EmailChangeNotice';
import { YourDataSection } from '@/account/YourDataSection';
import { StatusScreen } from '../components/StatusScreen';
import { useDocumentTitle, useStore } from '../store-context';
import { useLoginHref } from '../use-login-href';
import { AddressBook } from './AddressBook';

/** /account (issue 26): the signed-in shopper's email, password, devices, saved addresses and data in this shop. */
export function AccountPage() {
  useDocumentTitle('Account settings');
  const loginHref = useLoginHref();
  const store = useStore();
  const session = useSession();
  const user = session.data?.user ?? null;

  if (session.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8 sm:px-6 sm:py-12" aria-busy="true">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (session.isError) {
    return (
      <StatusScreen icon={AlertTriangle} title="Unable to load your account" action={<Button onClick={() => void session.refetch()}><RotateCw aria-hidden /> Try again</Button>}>
        {errorMessage(session.error, 'Something went wrong. Please try again.')}
      </StatusScreen>
    );
  }
  if (!user) {
    return (
      <StatusScreen icon={LockKeyhole} title="Your account" action={<Button asChild size="lg"><Link to={loginHref}>Log In</Link></Button>}>
        Log in to change your email or password, see where you are signed in and keep your delivery addresses.
      </StatusScreen>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Account settings</h1>
          <p className="mt-2 break-words text-zinc-600">Signed in as {user.email}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/my-orders"><Package aria-hidden /> My orders</Link>
        </Button>
      </header>
      <div className="mt-8 grid gap-6">
        <EmailChangeNotice />
        <AddressBook />
        <ChangeEmailForm returnTo="store" />
        <ChangePasswordForm />
        <DevicesList />
        <YourDataSection storeName={store.name} />
      </div>
    </div>
  );
}
