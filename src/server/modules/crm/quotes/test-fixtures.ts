import { leads } from '../../../db/schema/index';
import type { TestApp } from '../../../test/harness';
import { defaultQuoteContent } from '../../../../shared/crm/quote-pricing';
import type { SaveQuoteBody } from '../../../../shared/crm/quotes';

// Tests of the quotes work: leads written straight into a book (the leads routes are other work),
// in that book's own scope so row-level security applies as it does to requests.

export async function insertLead(t: TestApp, tenantId: string | null, name = 'Ada Lovelace', company: string | null = 'Analytical Ltd'): Promise<string> {
  return t.scopes.run({ tenantId, userId: null, platformSales: tenantId === null }, async ({ tx }) => {
    const [row] = await tx.insert(leads).values({ tenantId, name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, company }).returning({ id: leads.id });
    return row.id;
  });
}

/** A save body with every §9 default for the lead. */
export function quoteBody(leadId: string, overrides: Partial<SaveQuoteBody> = {}): SaveQuoteBody {
  return { lead_id: leadId, ...defaultQuoteContent(), ...overrides };
}
