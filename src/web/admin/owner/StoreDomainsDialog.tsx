import { useState, type FormEvent } from 'react';
import { Globe, Star, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useChangeStoreDomains, useStoreDomains } from '@/lib/platform';
import { addDomainBody, type TenantListItem } from '@shared/tenants';

/** Owner only: the host names a store answers on. Unique across the platform; a store keeps at least one. */
export function StoreDomainsDialog({ tenant, open, onOpenChange }: { tenant: TenantListItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const domains = useStoreDomains(tenant.id, open);
  const change = useChangeStoreDomains(tenant.id);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const parsed = addDomainBody.safeParse({ domain: typed });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'Invalid input');
    try {
      await change.mutateAsync({ kind: 'add', body: parsed.data });
      toast.success('Domain added', { description: `${tenant.name} now also answers at ${parsed.data.domain}.` });
      setTyped('');
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.domain : undefined;
      if (field) setFieldError(field);
      else toast.error(errorMessage(error, 'Failed to add domain'));
    }
  };

  const act = async (kind: 'remove' | 'primary', domainId: string, domain: string) => {
    try {
      await change.mutateAsync({ kind, domainId });
      toast.success(kind === 'remove' ? 'Domain removed' : 'Primary domain changed', { description: kind === 'remove' ? `${domain} no longer opens ${tenant.name}.` : `Links and emails now use ${domain}.` });
    } catch (error) {
      toast.error(errorMessage(error, kind === 'remove' ? 'Failed to remove domain' : 'Failed to change the primary domain'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Domains of {tenant.name}</DialogTitle>
          <DialogDescription>The store answers on every domain here. The primary one is used in links and emails.</DialogDescription>
        </DialogHeader>

        {domains.isError ? (
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(domains.error, 'Unable to load tenant domains')}</span>
            <Button size="sm" variant="outline" onClick={() => void domains.refetch()}>Try again</Button>
          </Alert>
        ) : domains.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading domains">
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200" aria-label="Domains">
            {domains.data.map((d) => (
              <li key={d.id} className="flex items-center gap-3 px-3 py-2.5">
                <Globe className="size-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{d.domain}</span>
                {d.is_primary ? (
                  <Badge variant="success">Primary</Badge>
                ) : (
                  <Button variant="ghost" size="sm" disabled={change.isPending} onClick={() => void act('primary', d.id, d.domain)}>
                    <Star aria-hidden /> Make primary
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${d.domain}`}
                  disabled={change.isPending || domains.data.length === 1}
                  title={domains.data.length === 1 ? 'A store needs at least one domain' : undefined}
                  onClick={() => void act('remove', d.id, d.domain)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}

        <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
          <div className="flex-1">
            <FormField label="Add a domain" error={fieldError ?? undefined}>
              <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="shop.example.co.uk" autoComplete="off" />
            </FormField>
          </div>
          <Button type="submit" className="sm:mt-6" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Add domain'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
