import { useEffect, useState } from 'react';
import { AtSign, Plus } from 'lucide-react';
import { EMAIL_SETTINGS_TEXT, type EmailDomain } from '@shared/email-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEmailDomains } from '@/lib/admin-email-settings';
import { AddDomainDialog } from './AddDomainDialog';
import { DomainCard } from './DomainCard';

/** Email Domains: the store's sending domains, each pending until its DNS records are found. */
export function EmailDomainsPanel() {
  const domains = useEmailDomains();
  const [adding, setAdding] = useState(false);
  useLoadFailureToast(domains.isError);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="email-domains-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="email-domains-title" className="text-lg font-semibold">Sending domains</h2>
          <p className="mt-1 max-w-2xl text-sm text-zinc-500">
            Send order emails from your own address. Add the DNS records we show you at your domain provider, then verify: mail is then sent from your domain and signed with DKIM.
          </p>
        </div>
        <Button onClick={() => setAdding(true)} className="self-start">
          <Plus aria-hidden /> Add Domain
        </Button>
      </div>

      {domains.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(domains.error, EMAIL_SETTINGS_TEXT.loadFailed)}</span>
          <Button size="sm" variant="outline" onClick={() => void domains.refetch()}>Try again</Button>
        </Alert>
      ) : domains.isPending ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Loading email domains">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-24" />
        </Card>
      ) : domains.data.length === 0 ? (
        <EmptyState icon={AtSign} title="No sending domains yet" action={<Button variant="outline" onClick={() => setAdding(true)}><Plus aria-hidden /> Add Domain</Button>}>
          Until a domain is verified, your emails are sent from the platform’s address with your store’s name.
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          {domains.data.map((d) => <DomainCard key={d.id} domain={d} sending={d.id === sendingDomainId(domains.data)} />)}
        </div>
      )}

      <AddDomainDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}

/** The server sends from the most recently verified domain (app_email_sending_identity). */
function sendingDomainId(list: EmailDomain[]): string | null {
  const verified = list.filter((d) => d.status === 'verified' && d.verified_at);
  verified.sort((a, b) => b.verified_at!.localeCompare(a.verified_at!));
  return verified[0]?.id ?? null;
}

/** Spec §8: 'Failed to load email settings', once per failure (the inline error stays). */
export function useLoadFailureToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast.error(EMAIL_SETTINGS_TEXT.loadFailed);
  }, [failed]);
}
