import type { CrmContext } from '@shared/crm/context';

/** Leads pipeline and list (issue 16 item 2). */
export function LeadsSection({ context, view }: { context: CrmContext; view: 'pipeline' | 'list' }) {
  void context; return <p className="text-sm text-zinc-500">{view}</p>;
}
