import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the page the shopper is on. */
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-zinc-500">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((crumb, index) => (
          <Fragment key={`${crumb.label}-${index}`}>
            {index > 0 ? (
              <li aria-hidden className="flex">
                <ChevronRight className="size-3.5 text-zinc-400" />
              </li>
            ) : null}
            <li className="min-w-0">
              {crumb.to ? (
                <Link to={crumb.to} className="rounded-sm hover:text-zinc-900 hover:underline underline-offset-4">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className="line-clamp-1 font-medium text-zinc-900">
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
