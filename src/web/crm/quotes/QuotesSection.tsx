import type { CrmContext } from '@shared/crm/context';

/** Quotes table and builder (issue 16 item 4). */
export function QuotesSection({ context }: { context: CrmContext }) {
  void context; return null;
}
