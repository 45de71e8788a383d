import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, FileText, Pencil, Plus } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { usePages } from '@/lib/admin-pages';
import { pageTemplate } from '@shared/page-templates';
import { PAGES_TEXT } from '@shared/pages';
import { NewPageDialog } from './NewPageDialog';
import { PageStatusBadge } from './PageStatusBadge';

const updatedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Admin spec §2 "Pages" (/admin/webstore/pages and /admin/content/pages): the list and 'New page'. */
export function PagesPage() {
  const pages = usePages();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (pages.isError) toast.error(PAGES_TEXT.loadListFailed, { id: 'pages-load' });
  }, [pages.isError]);

  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> New page
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Pages</h1>
          <p className="mt-1 text-sm text-zinc-500">Write the pages of your shop, such as About, and publish them when they are ready.</p>
        </div>
        {newButton}
      </div>

      {pages.isError ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">
            <span className="block font-medium">{PAGES_TEXT.loadListFailed}</span>
            {errorMessage(pages.error, '') ? <span className="block">{errorMessage(pages.error, '')}</span> : null}
          </span>
          <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>Try again</Button>
        </Alert>
      ) : pages.isPending ? (
        <div className="grid gap-2 rounded-lg border border-zinc-200 bg-white p-4" aria-busy="true" aria-label="Loading pages">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-9" />)}
        </div>
      ) : pages.data.length === 0 ? (
        <EmptyState icon={FileText} title="No pages yet" action={newButton}>
          Create an About page to tell shoppers who you are.
        </EmptyState>
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white shadow-xs">
          <Table aria-label="Pages">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Slug</TableHead>
                <TableHead className="hidden sm:table-cell">Template</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Updated</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pages.data.map((page) => (
                <TableRow key={page.id}>
                  <TableCell>
                    <Link to={`/admin/content/pages/${page.id}`} className="font-medium text-zinc-900 hover:underline">{page.slug}</Link>
                    <span className="block font-mono text-xs text-zinc-500">/pages/{page.slug}</span>
                  </TableCell>
                  <TableCell className="hidden text-zinc-600 sm:table-cell">{pageTemplate(page.template_key)?.name ?? page.template_key}</TableCell>
                  <TableCell><PageStatusBadge page={page} /></TableCell>
                  <TableCell className="hidden text-zinc-600 tabular-nums md:table-cell">{updatedFormat.format(new Date(page.updated_at))}</TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      {page.status === 'published' ? (
                        <Button asChild size="icon" variant="ghost">
                          <a href={`/pages/${page.slug}`} target="_blank" rel="noopener" aria-label={`View ${page.slug} in the store`}><ExternalLink aria-hidden /></a>
                        </Button>
                      ) : null}
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/admin/content/pages/${page.id}`} aria-label={`Edit ${page.slug}`}><Pencil aria-hidden /> Edit</Link>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <NewPageDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
