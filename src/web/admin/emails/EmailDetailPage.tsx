import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, MailX } from 'lucide-react';
import { emailKindLabel, type EmailDetail } from '@shared/emails';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { useEmail } from '@/lib/admin-emails';
import { EmailStatusBadge } from './EmailStatusBadge';
import { sentAtFormat } from './EmailsPage';

/** One sent email as the customer received it: the HTML in a sandbox, or the plain-text version. */
export function EmailDetailPage() {
  const { id = '' } = useParams();
  const email = useEmail(id);

  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/admin/emails">
          <ArrowLeft aria-hidden /> All emails
        </Link>
      </Button>
      {email.isError ? (
        email.error instanceof ApiError && email.error.status === 404 ? (
          <EmptyState icon={MailX} title="Email not found">It may belong to another store, or the link is wrong.</EmptyState>
        ) : (
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(email.error, 'Failed to load email')}</span>
            <Button size="sm" variant="outline" onClick={() => void email.refetch()}>Try again</Button>
          </Alert>
        )
      ) : email.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading email">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-96" />
        </div>
      ) : (
        <EmailView email={email.data} />
      )}
    </div>
  );
}

function EmailView({ email }: { email: EmailDetail }) {
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{email.subject}</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-500">To</dt>
          <dd className="break-all text-zinc-900">{email.to}</dd>
          <dt className="text-zinc-500">Type</dt>
          <dd className="text-zinc-900">{emailKindLabel(email.kind)}</dd>
          {email.order_number ? (
            <>
              <dt className="text-zinc-500">Order</dt>
              <dd className="text-zinc-900">{email.order_number}</dd>
            </>
          ) : null}
          <dt className="text-zinc-500">Date</dt>
          <dd className="text-zinc-900">{sentAtFormat.format(new Date(email.created_at))}</dd>
          <dt className="text-zinc-500">Status</dt>
          <dd>
            <EmailStatusBadge status={email.status} />
          </dd>
        </dl>
        {email.error ? (
          <Alert variant="destructive" className="mt-3">
            <span>{email.error}</span>
          </Alert>
        ) : null}
      </div>
      <Tabs value={view} onValueChange={(v) => setView(v as 'html' | 'text')}>
        <TabsList>
          <TabsTrigger value="html" className="whitespace-nowrap">Email</TabsTrigger>
          <TabsTrigger value="text" className="whitespace-nowrap">Plain text</TabsTrigger>
        </TabsList>
      </Tabs>
      <Card className="overflow-hidden">
        {view === 'html' ? (
          // Sandboxed with no scripts and no same-origin access: the message is shown, never run. Links
          // open in a new tab, as they would from a mail client.
          <iframe
            title="Email content"
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={`<base target="_blank">${email.html}`}
            className="h-[36rem] w-full bg-white"
          />
        ) : (
          <pre className="overflow-x-auto p-5 font-mono text-xs whitespace-pre-wrap break-words text-zinc-800 sm:text-sm">{email.text}</pre>
        )}
      </Card>
    </>
  );
}
