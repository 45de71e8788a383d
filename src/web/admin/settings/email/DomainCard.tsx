import { useState } from 'react';
import { CheckCircle2, Clock, RefreshCw, Trash2 } from 'lucide-react';
import { EMAIL_SETTINGS_TEXT, type EmailDomain } from '@shared/email-settings';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useVerifyEmailDomain } from '@/lib/admin-email-settings';
import { RemoveDomainDialog } from './RemoveDomainDialog';
import { DnsRecords } from './DnsRecords';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * One sending domain (spec §4): verified shows success; pending shows the DNS records to publish and
 * a Verify button that checks them now, with advice to check the records when some are missing.
 */
export function DomainCard({ domain, sending }: { domain: EmailDomain; sending: boolean }) {
  const verify = useVerifyEmailDomain();
  const verified = domain.status === 'verified';
  const [removing, setRemoving] = useState(false);

  const check = async () => {
    try {
      const after = await verify.mutateAsync(domain.id);
      if (after.status === 'verified') toast.success(EMAIL_SETTINGS_TEXT.domainVerified);
      else toast.message('Domain is still pending', { description: EMAIL_SETTINGS_TEXT.stillPending });
    } catch (error) {
      const message = errorMessage(error, EMAIL_SETTINGS_TEXT.verifyFailed);
      toast.error(EMAIL_SETTINGS_TEXT.verifyFailed, message !== EMAIL_SETTINGS_TEXT.verifyFailed ? { description: message } : undefined);
    }
  };

  return (
    <Card className="overflow-hidden" aria-label={`Email domain ${domain.domain}`} role="group">
      <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold break-all">{domain.domain}</h3>
            {verified ? (
              <Badge variant="success"><CheckCircle2 className="size-3" aria-hidden /> Verified</Badge>
            ) : (
              <Badge variant="warning"><Clock className="size-3" aria-hidden /> Pending</Badge>
            )}
          </div>
          <p className="mt-1 text-sm break-all text-zinc-600">
            From: <span className="text-zinc-900">{domain.from_name} &lt;{domain.from_email}&gt;</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2 self-start">
          {verified ? null : (
            <Button variant="outline" onClick={() => void check()} disabled={verify.isPending}>
              <RefreshCw className={verify.isPending ? 'animate-spin' : undefined} aria-hidden /> {verify.isPending ? 'Checking…' : 'Verify Domain'}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setRemoving(true)} aria-label={`Remove ${domain.domain}`} className="text-zinc-500 hover:text-red-700">
            <Trash2 aria-hidden /> Remove
          </Button>
        </div>
      </div>
      <RemoveDomainDialog domain={removing ? domain : null} sending={sending} onClose={() => setRemoving(false)} />

      {verified ? (
        <div className="border-t border-zinc-100 bg-emerald-50/50 px-5 py-3 text-sm text-emerald-800">
          Verified{domain.verified_at ? ` on ${dateFormat.format(new Date(domain.verified_at))}` : ''}.{' '}
          {sending ? `Your store’s emails are sent from ${domain.from_email} and signed with DKIM.` : 'Your most recently verified domain is the one emails are sent from.'}
        </div>
      ) : (
        <div className="grid gap-3 border-t border-zinc-100 px-5 py-4">
          {domain.last_checked_at ? (
            <Alert variant="warning">
              <span>
                <strong className="font-semibold">Pending.</strong> {EMAIL_SETTINGS_TEXT.stillPending.replace(/^Still pending: c/, 'C')}{' '}
                <span className="text-amber-800/80">Last checked {dateFormat.format(new Date(domain.last_checked_at))}.</span>
              </span>
            </Alert>
          ) : (
            <p className="text-sm text-zinc-600">Add these TXT records at your domain provider, then choose Verify Domain.</p>
          )}
          <DnsRecords records={domain.dns_json.records} checked={domain.last_checked_at !== null} />
        </div>
      )}
    </Card>
  );
}
