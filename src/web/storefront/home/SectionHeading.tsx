import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';

/** A home page section's title, with an optional "see more" link on the right. */
export function SectionHeading({ id, title, link }: { id: string; title: string; link?: { to: string; label: string } }) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-semibold tracking-tight">{title}</h2>
      {link ? (
        <Link to={link.to} className="inline-flex shrink-0 items-center gap-1 rounded-sm text-sm font-medium text-accent hover:underline underline-offset-4">
          {link.label} <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </div>
  );
}
