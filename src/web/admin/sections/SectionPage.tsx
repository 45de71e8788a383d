import { EmptyState } from '@/components/ui/empty-state';
import type { AdminSection } from './sections';

/** A back-office section's page frame: the spec heading and subtitle, then its content. */
export function SectionPage({ section }: { section: AdminSection }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{section.heading}</h1>
        <p className="mt-1 text-sm text-zinc-500">{section.subtitle}</p>
      </div>
      <EmptyState icon={section.icon} title={section.emptyTitle}>
        {section.emptyText}
      </EmptyState>
    </div>
  );
}
