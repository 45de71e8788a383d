import type { UnitOfWork } from '../../../db/unit-of-work';
import type { PublicQuote } from '../../../../shared/crm/quotes';
import { penceToPounds } from '../../../../shared/money';
import type { Limit } from '../../limits';
import type { Tx } from '../../../db/connection';
import { crmEnabled } from '../../tenants';
import type { CrmKit } from '../../../../shared/crm/settings';
import { storeCrmBook } from '../settings/service';
import { openPublicQuote, type PublicQuoteRow } from './public-repo';

export const PUBLIC_QUOTE_TEXT = {
  notFound: 'Quote not found',
  alreadyPaid: 'This deposit has already been paid.',
  notPayable: 'This quote can no longer be paid online. Please contact us.',
  noDeposit: 'There is no deposit to pay on this quote.',
  tooLarge: 'This deposit is too large to pay by card online. Please contact us.',
  providerDown: 'We could not reach the payment provider. Please try again.',
  inProgress: 'Your payment page is being prepared. Please try again in a moment.',
} as const;

/**
 * Opening a payment session costs a provider call and needs no sign-in: a few per quote in ten
 * minutes is plenty for a client (a second tab, a cancelled attempt), and stops a loop on one link.
 * A start that answers the quote's open session again calls nobody and spends nothing (decision 029).
 */
export const DEPOSIT_LIMIT: Limit = { bucket: 'quote_deposit', max: 10, windowMs: 10 * 60 * 1000, message: 'Too many payment attempts for this quote. Please wait a few minutes and try again.' };

/** The host a public quote request came on: its book, and who the client pays. */
export interface QuoteHost {
  tenantId: string | null;
  fromName: string;
  /** The origin links are built on (originOf: the store's own domain, never a raw Host). */
  origin: string;
}

/**
 * A store that switched its CRM off (decision 044) sends no proposals: its links answer the same 404 as
 * an unknown one, and take no deposit. The platform's own book is always on.
 */
export async function crmOpenOn(tx: Tx, host: Pick<QuoteHost, 'tenantId'>): Promise<boolean> {
  return host.tenantId === null || crmEnabled({ tx, tenantId: host.tenantId });
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toPublicQuote(row: PublicQuoteRow, fromName: string, kit: CrmKit): PublicQuote {
  return {
    ...row.content,
    unique_url: row.unique_url,
    status: row.status,
    client: { name: row.client_name, company: row.client_company },
    kit,
    from_name: fromName,
    shopify_monthly_total: penceToPounds(row.shopify_monthly_total_pence),
    total_amount: penceToPounds(row.total_amount_pence),
    deposit_amount: penceToPounds(row.deposit_amount_pence),
    paid_at: iso(row.paid_at),
    created_at: iso(row.created_at)!,
    can_pay: row.status === 'active' && row.paid_at === null && row.deposit_amount_pence > 0,
  };
}

/** The proposal page's data (no view counted: the page's HTML load counts it). */
export async function publicQuote(scopes: UnitOfWork, host: QuoteHost, uniqueUrl: string, countView = false): Promise<PublicQuote | null> {
  const found = await scopes.run({ tenantId: host.tenantId, userId: null }, async ({ tx }) => {
    if (!(await crmOpenOn(tx, host))) return null;
    const row = await openPublicQuote(tx, uniqueUrl, countView);
    if (!row) return null;
    return { row, kit: row.tenant_id === null ? ('agency' as const) : (await storeCrmBook(tx, row.tenant_id)).kit };
  });
  return found ? toPublicQuote(found.row, host.fromName, found.kit) : null;
}
