import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShieldAlert, ShieldX, Store } from 'lucide-react';
import { STORE_CLOSED_TEXT } from '@shared/tenants';
import { Button } from '@/components/ui/button';
import type { AdminContextResponse } from '@shared/tenants';

type Suspension = NonNullable<AdminContextResponse['suspension']>;

function CentredMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-zinc-50 px-6 text-center">
      {icon}
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/** Storefront spec §2: the guard could not work out what this person may do. */
export function PermissionsError() {
  return (
    <CentredMessage icon={<ShieldAlert className="size-10 text-amber-500" aria-hidden />} title="We could not confirm your permissions">
      <p className="text-zinc-600">Please refresh and try again.</p>
      <Button onClick={() => window.location.reload()}>Refresh</Button>
    </CentredMessage>
  );
}

/** Storefront spec §6: signed in, but neither a member of this store nor a platform owner. */
export function AccessDenied({ email }: { email: string }) {
  return (
    <CentredMessage icon={<ShieldX className="size-10 text-red-500" aria-hidden />} title="Access Denied">
      <p className="max-w-md text-zinc-600">Contact your administrator to get access to a tenant.</p>
      <p className="break-words text-sm text-zinc-500">Signed in as {email}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to="/">Back to website</Link>
        </Button>
        <Button asChild>
          <Link to="/logout">Sign in with another account</Link>
        </Button>
      </div>
    </CentredMessage>
  );
}

/** A member who may not serve orders, on a store the platform has suspended: say why rather than fail. */
export function StoreSuspended({ storeName, email, suspension }: { storeName: string; email: string; suspension: Suspension | null }) {
  return (
    <CentredMessage icon={<Store className="size-10 text-zinc-400" aria-hidden />} title={`${storeName} is suspended`}>
      <p className="max-w-md text-zinc-600">{STORE_CLOSED_TEXT.adminOnly}</p>
      {suspension?.reason ? <p className="max-w-md text-zinc-800">Reason given: {suspension.reason}</p> : null}
      {suspension ? <p className="max-w-md text-sm text-zinc-600">Questions? Write to <a className="text-indigo-700 hover:underline" href={`mailto:${suspension.contact_email}`}>{suspension.contact_email}</a>.</p> : null}
      <p className="break-words text-sm text-zinc-500">Signed in as {email}</p>
      <Button asChild variant="outline">
        <Link to="/logout">Sign in with another account</Link>
      </Button>
    </CentredMessage>
  );
}
