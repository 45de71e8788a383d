import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Mail, Search } from 'lucide-react';
import { emailKindLabel } from '@shared/emails';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useEmails } from '@/lib/admin-emails';
import { EmailStatusBadge } from './EmailStatusBadge';

export const sentAtFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Every email the store has sent its customers, so staff can answer "did my confirmation arrive?". */
export function EmailsPage() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const emails = useEmails(page, search);
  const total = emails.data?.pagination.total;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Emails</h1>
        <p className="mt-1 text-sm text-zinc-500">Order confirmations and other messages sent to your customers.</p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <form role="search" onSubmit={submit} className="flex w-full gap-2 sm:max-w-md">
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Search by email address or subject" aria-label="Search emails" />
          <Button type="submit" variant="outline">
            <Search aria-hidden /> Search
          </Button>
        </form>
        {total !== undefined ? <p className="text-sm text-zinc-500">{total} email{total === 1 ? '' : 's'}</p> : null}
      </div>

      {emails.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(emails.error, 'Failed to load emails')}</span>
          <Button size="sm" variant="outline" onClick={() => void emails.refetch()}>Try again</Button>
        </Alert>
      ) : emails.isPending ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Loading emails">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-10" />)}
        </Card>
      ) : emails.data.emails.length === 0 ? (
        <EmptyState icon={Mail} title={search ? 'No emails match your search' : 'No emails yet'}>
          {search ? 'Try another address or part of the subject.' : 'Order confirmations will appear here as soon as customers pay.'}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Subject</TableHead>
                <TableHead className="hidden md:table-cell">To</TableHead>
                <TableHead className="hidden lg:table-cell">Type</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden sm:table-cell">Date</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {emails.data.emails.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="max-w-0 w-full">
                    <Link to={`/admin/emails/${m.id}`} className="block truncate font-medium text-zinc-900 underline-offset-2 hover:underline">
                      {m.subject}
                    </Link>
                    <span className="block truncate text-xs text-zinc-500 md:hidden">{m.to}</span>
                    <span className="block text-xs text-zinc-500 sm:hidden">{sentAtFormat.format(new Date(m.created_at))}</span>
                  </TableCell>
                  <TableCell className="hidden max-w-56 truncate text-zinc-600 md:table-cell" title={m.to}>{m.to}</TableCell>
                  <TableCell className="hidden whitespace-nowrap text-zinc-600 lg:table-cell">{emailKindLabel(m.kind)}</TableCell>
                  <TableCell>
                    <EmailStatusBadge status={m.status} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-zinc-600 sm:table-cell">{sentAtFormat.format(new Date(m.created_at))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      {emails.data && emails.data.pagination.pages > 1 ? (
        <div className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {page} of {emails.data.pagination.pages}</span>
          <Button variant="outline" size="sm" disabled={page >= emails.data.pagination.pages} onClick={() => setPage(page + 1)}>Next</Button>
        </div>
      ) : null}
    </div>
  );
}
