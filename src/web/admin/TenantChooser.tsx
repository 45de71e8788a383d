import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Store } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useChooseTenant } from '@/lib/auth';
import type { Membership } from '@shared/auth';
import { PermissionsError } from './GuardScreens';

/** Storefront spec §8: a membership that cannot be chosen shows 'Access Error' with the server's message. */
function reportAccessError(error: unknown) {
  toast.error('Access Error', { description: errorMessage(error, 'This store could not be opened.') });
}

/** Storefront spec §2/§6: several memberships and none active: pick one; the role sits beside each name. */
export function TenantChooser({ memberships, email }: { memberships: Membership[]; email: string }) {
  const choose = useChooseTenant();
  return (
    <div className="flex min-h-screen items-start justify-center bg-zinc-50 px-4 py-16 sm:items-center">
      <div className="w-full max-w-md">
        <h1 className="text-2xl font-semibold">Select a tenant</h1>
        <p className="mt-1 text-sm text-zinc-500">You have access to more than one store. Choose the one to manage.</p>
        <Card className="mt-6 divide-y divide-zinc-100 overflow-hidden">
          {memberships.map((m) => (
            <button
              key={m.tenant_id}
              type="button"
              disabled={choose.isPending}
              onClick={() => choose.mutate(m.tenant_id, { onError: reportAccessError })}
              className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 disabled:opacity-60"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent-soft">
                <Store className="size-4 text-accent" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{m.tenant.name}</span>
                <span className="block truncate text-xs text-zinc-500">{m.tenant.domain ?? 'No domain yet'}</span>
              </span>
              <Badge variant={m.role === 'staff' ? 'secondary' : 'default'}>{m.role}</Badge>
              <ChevronRight className="size-4 text-zinc-400" aria-hidden />
            </button>
          ))}
        </Card>
        <p className="mt-6 text-center text-sm text-zinc-500">
          Signed in as {email}.{' '}
          <Button asChild variant="link" className="h-auto p-0">
            <Link to="/logout">Sign out</Link>
          </Button>
        </p>
      </div>
    </div>
  );
}

/** One membership and none active: choose it straight away rather than ask. */
export function AutoChooseTenant({ membership }: { membership: Membership }) {
  const choose = useChooseTenant();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    choose.mutate(membership.tenant_id, { onError: reportAccessError });
  }, [choose, membership.tenant_id]);
  if (choose.isError) return <PermissionsError />;
  return <FullPageSpinner label="Opening your store" />;
}
