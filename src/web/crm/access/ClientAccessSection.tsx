import type { CrmContext } from '@shared/crm/context';

/** Client Access (issue 16 item 5). */
export function ClientAccessSection({ context }: { context: CrmContext }) {
  void context; return null;
}
