import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface PagerProps {
  page: number;
  pages: number;
  /** The URL of a page, with the rest of the query kept, so pages can be opened in new tabs and shared. */
  hrefFor: (page: number) => string;
}

/** Previous / 'Page X of Y' / Next, only when there is more than one page (storefront spec §2). */
export function Pager({ page, pages, hrefFor }: PagerProps) {
  if (pages <= 1) return null;
  // A new page is new content: start reading it from the top, as a full page load would.
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-between gap-4 border-t border-zinc-200 pt-6 sm:justify-center sm:gap-6">
      <PagerLink disabled={page <= 1} to={hrefFor(page - 1)} onClick={toTop} rel="prev">
        <ChevronLeft aria-hidden /> Previous
      </PagerLink>
      <p className="text-sm text-zinc-600" aria-current="page">
        Page {page} of {pages}
      </p>
      <PagerLink disabled={page >= pages} to={hrefFor(page + 1)} onClick={toTop} rel="next">
        Next <ChevronRight aria-hidden />
      </PagerLink>
    </nav>
  );
}

function PagerLink({ disabled, to, onClick, rel, children }: { disabled: boolean; to: string; onClick: () => void; rel: string; children: ReactNode }) {
  if (disabled) {
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" asChild>
      <Link to={to} onClick={onClick} rel={rel}>
        {children}
      </Link>
    </Button>
  );
}
