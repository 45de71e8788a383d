import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';
import { withScope } from '../db/scope';
import { paymentAccounts, testConnectAccounts } from '../db/schema';
import { testAccountState } from '../adapters/payments/test-connect';

/**
 * A demo store starts with its test-gateway payment account onboarded (issue 13): the dashboard's
 * payment step is done and checkout pays into the store's own (test) account, as a real store would
 * after onboarding. Writes both sides: the gateway's account and the shop's copy of its state.
 */
export async function seedTestPaymentAccount(db: Db, tenantId: string, shopName: string): Promise<string> {
  const id = `acct_test_${randomBytes(12).toString('hex')}`;
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    const now = new Date();
    const [gateway] = await tx
      .insert(testConnectAccounts)
      .values({
        id,
        tenantId,
        shopName,
        businessName: shopName,
        businessType: 'company',
        website: null,
        bankLast4: '2345',
        personName: 'Demo Owner',
        businessDetailsAt: now,
        bankAccountAt: now,
        identityAt: now,
      })
      .returning();
    const state = testAccountState(gateway);
    await tx.insert(paymentAccounts).values({
      tenantId,
      provider: 'test',
      accountRef: id,
      detailsSubmitted: state.detailsSubmitted,
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
      capabilities: state.capabilities,
    });
  });
  return id;
}
