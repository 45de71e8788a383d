import { useEffect, useState } from 'react';
import { ExternalLink, Rocket } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useTenantDomains } from '@/lib/platform';

/** Admin spec "Owner tenant launcher": owners jump to any tenant's store admin on its own domain. */
export function TenantLauncher() {
  const [open, setOpen] = useState(false);
  const here = window.location.hostname;
  const domains = useTenantDomains(open);

  useEffect(() => {
    if (domains.isError) toast.error('Unable to load tenant domains');
  }, [domains.isError]);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label="Tenants (Owner only)" className="shrink-0 border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100">
          <Rocket aria-hidden />
          <span className="hidden sm:inline">Tenants</span>
          {/* On a phone the icon alone stands for it; the label stays for screen readers. */}
          <span className="hidden rounded bg-amber-200/70 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide uppercase sm:inline">Owner only</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>Jump to a tenant</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {domains.isPending ? (
          <div className="flex justify-center py-4"><Spinner className="size-5" label="Loading tenant domains" /></div>
        ) : domains.isError ? (
          <p className="px-2 py-3 text-sm text-zinc-500">Unable to load tenant domains</p>
        ) : domains.data.length === 0 ? (
          <p className="px-2 py-3 text-sm text-zinc-500">No tenant has a domain yet.</p>
        ) : (
          domains.data.map((d) => (
            <DropdownMenuItem key={d.id} disabled={d.domain === here} onSelect={() => window.location.assign(`${d.url}/admin`)}>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{d.name}</span>
                <span className="block truncate text-xs text-zinc-500">{d.domain}</span>
              </span>
              {d.domain === here ? <span className="text-xs text-zinc-400">Current</span> : <ExternalLink aria-hidden />}
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
