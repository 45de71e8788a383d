import { Link } from 'react-router';
import { ExternalLink, FilePlus2, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useCreateLegalPage } from '@/lib/admin-policies';
import { toast } from '@/lib/toast';
import { POLICY_MESSAGES, type LegalPageStatus } from '@shared/store-policies';

const STATUS = {
  none: { label: 'Not created', variant: 'outline' },
  draft: { label: 'Draft', variant: 'warning' },
  published: { label: 'Published', variant: 'success' },
} as const;

/**
 * The store's legal pages (issue 25): terms, privacy, returns and delivery, each made once from a
 * template filled in with the store's details, then checked and published in the page editor.
 */
export function LegalPagesCard({ pages }: { pages: LegalPageStatus[] }) {
  const create = useCreateLegalPage();

  const createPage = (row: LegalPageStatus) =>
    create.mutate(row.kind, {
      onSuccess: () => toast.success(POLICY_MESSAGES.pageCreated, { description: `${row.title} is a draft: check it, then publish it.` }),
      onError: (error) => toast.error(errorMessage(error, `Failed to create ${row.title}`)),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Legal pages</CardTitle>
        <CardDescription>
          Start from a template filled in with your store&rsquo;s details, then check and publish it. Published pages are linked from your shop&rsquo;s footer.
        </CardDescription>
      </CardHeader>
      <CardContent className="pb-2">
        <ul aria-label="Legal pages" className="divide-y divide-zinc-100 border-t border-zinc-100">
          {pages.map((row) => {
            const status = STATUS[row.page?.status ?? 'none'];
            const creating = create.isPending && create.variables === row.kind;
            return (
              <li key={row.kind} aria-label={row.title} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-zinc-900">{row.title}</span>
                    <Badge variant={status.variant}>{status.label}</Badge>
                  </div>
                  <p className="mt-0.5 truncate text-xs text-zinc-500">{row.page ? <span className="font-mono">/pages/{row.page.slug}</span> : 'Not on your shop yet'}</p>
                </div>
                {/* On a phone the buttons sit under the title, the main one first; wider, at the right, the main one last. */}
                <div className="flex flex-row-reverse flex-wrap justify-end gap-2 sm:shrink-0 sm:flex-row">
                  {row.page ? (
                    <>
                      {row.page.status === 'published' ? (
                        <Button asChild size="sm" variant="ghost">
                          <a href={`/pages/${row.page.slug}`} target="_blank" rel="noopener">
                            <ExternalLink aria-hidden /> View<span className="sr-only"> (opens in a new tab)</span>
                          </a>
                        </Button>
                      ) : null}
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/admin/content/pages/${row.page.id}`}>
                          <Pencil aria-hidden /> Edit page
                        </Link>
                      </Button>
                    </>
                  ) : (
                    <Button size="sm" variant="outline" disabled={create.isPending} onClick={() => createPage(row)}>
                      <FilePlus2 aria-hidden /> {creating ? 'Creating…' : 'Create from template'}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
