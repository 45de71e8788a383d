import type { Quote } from '../../../../shared/crm/quotes';
import { penceToPounds } from '../../../../shared/money';
import type { QuoteWithLead } from './repo';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A quote as the admin reads it (quoteSchema): content flattened, pence columns as pounds. */
export function toQuote(row: QuoteWithLead): Quote {
  return {
    ...row.content,
    id: row.id,
    lead_id: row.leadId,
    lead: row.lead,
    unique_url: row.uniqueUrl,
    status: row.status,
    platform: 'custom',
    shopify_monthly_total: penceToPounds(row.shopifyMonthlyTotalPence),
    total_amount: penceToPounds(row.totalAmountPence),
    deposit_amount: penceToPounds(row.depositAmountPence),
    paid_at: iso(row.paidAt),
    view_count: row.viewCount,
    viewed_at: iso(row.viewedAt),
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}
