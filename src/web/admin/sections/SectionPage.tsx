import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { AdminSection } from './sections';

/** A back-office section's page frame: the spec heading and subtitle, then what it offers today. */
export function SectionPage({ section }: { section: AdminSection }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{section.heading}</h1>
        <p className="mt-1 text-sm text-zinc-500">{section.subtitle}</p>
      </div>
      <EmptyState
        icon={section.icon}
        title={section.noticeTitle}
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={section.action.to}>{section.action.label}</Link>
          </Button>
        }
      >
        {section.noticeText}
      </EmptyState>
    </div>
  );
}
