import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailLayout } from '../../../adapters/email/layout';
import { leads } from '../../../db/schema/index';
import { PIPELINE_COLUMNS } from '../../../../shared/crm/leads';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { PLATFORM_NAME } from '../../../../shared/platform';
import { storeManagerEmails } from '../../accounts';
import { storeDetails } from '../../tenants';
import type { BookWork } from '../../payments';
import { depositLeadStatus } from '../settings/service';
import { findQuote } from './repo';

// What a paid deposit does beyond the quote (issue 27 item 2, decision 044): the lead moves to the
// status the store chose (Won unless it chose another), the amount and time are kept on the lead, and
// the merchant and the client are emailed. Runs in the webhook's transaction, only on the payment that
// paid the quote (the conditional update that sets paid_at happens once), so a repeated webhook moves
// nothing and sends nothing again. The emails are outbox rows of that transaction, delivered after it.

const money = (pence: number) => formatGBP(penceToPounds(pence));
const statusTitle = (status: string) => PIPELINE_COLUMNS.find((c) => c.id === status)?.title ?? status;

export const DEPOSIT_EMAIL_KINDS = { merchant: 'crm_deposit_paid', client: 'crm_deposit_receipt' } as const;

export interface DepositPaidDeps {
  email: EmailSender;
  /** Who hears of a platform quote's deposit (PLATFORM_OWNER_EMAILS): the platform's own book has no store. */
  platformOwnerEmails: readonly string[];
}

export async function followDepositPaid(deps: DepositPaidDeps, work: BookWork, quoteId: string, amount: number): Promise<void> {
  const { tx, tenantId } = work;
  const quote = await findQuote(tx, tenantId, quoteId);
  if (!quote) return;
  const status = await depositLeadStatus(tx, tenantId);
  const [lead] = await tx
    .update(leads)
    .set({
      status,
      // A lead with several quotes keeps the sum of the deposits paid on them.
      depositPaidPence: sql`coalesce(${leads.depositPaidPence}, 0) + ${amount}`,
      depositPaidAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(leads.id, quote.leadId), tenantId === null ? isNull(leads.tenantId) : eq(leads.tenantId, tenantId)))
    .returning({ name: leads.name, email: leads.email });
  if (!lead) return;

  const title = quote.content.header_title;
  const store = tenantId ? await storeDetails(tx, tenantId) : null;
  const shopName = store?.name ?? PLATFORM_NAME;
  const contact = store?.details.contact_email;
  const merchants = tenantId === null ? [...deps.platformOwnerEmails] : contact ? [contact] : await storeManagerEmails({ tx, tenantId });
  const forMerchant = renderEmailLayout({
    shopName,
    store: store?.details,
    heading: `Deposit paid: ${title}`,
    paragraphs: [
      `${lead.name} (${lead.email}) has paid the ${money(amount)} deposit on the quote “${title}”.`,
      `The lead is now in ${statusTitle(status)}. The quote's total is ${money(Number(quote.totalAmountPence))}.`,
    ],
  });
  for (const to of [...new Set(merchants)].slice(0, 10)) {
    await deps.email.send(work, { tenantId, to, subject: `Deposit paid: ${money(amount)} from ${lead.name}`.slice(0, 200), ...forMerchant, kind: DEPOSIT_EMAIL_KINDS.merchant });
  }
  const forClient = renderEmailLayout({
    shopName,
    store: store?.details,
    heading: 'Thank you for your deposit',
    paragraphs: [
      `Hello ${lead.name},`,
      `We have received your deposit of ${money(amount)} for “${title}”. This email is your receipt.`,
      `We will be in touch about the next steps.`,
    ],
  });
  await deps.email.send(work, { tenantId, to: lead.email, subject: `${shopName}: deposit of ${money(amount)} received`.slice(0, 200), ...forClient, kind: DEPOSIT_EMAIL_KINDS.client });
}
