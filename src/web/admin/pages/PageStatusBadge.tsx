import { Badge } from '@/components/ui/badge';
import type { AdminPageSummary } from '@shared/pages';

/** Published or Draft, and whether the saved draft has changes shoppers do not see yet. */
export function PageStatusBadge({ page }: { page: Pick<AdminPageSummary, 'status' | 'has_unpublished_changes'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {page.status === 'published' ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Draft</Badge>}
      {page.has_unpublished_changes ? <Badge variant="warning">Unpublished changes</Badge> : null}
    </span>
  );
}
