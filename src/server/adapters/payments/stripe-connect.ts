import type Stripe from 'stripe';
import { accountStateOf, type AccountLink, type AccountLinkInput, type ConnectAccountState, type CreateAccountInput, type PaymentConnect } from './connect';

/**
 * Stripe Connect for each store: an Express account (Stripe hosts onboarding and the account holder's
 * dashboard; the platform charges on its behalf with destination charges), account links to Stripe's
 * onboarding, and the account's state read back from accounts.retrieve.
 */
export class StripeConnect implements PaymentConnect {
  constructor(private readonly stripe: Stripe) {}

  async createAccount(input: CreateAccountInput): Promise<ConnectAccountState> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: 'GB',
        default_currency: 'gbp',
        business_profile: { name: input.shopName.slice(0, 200) },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        // account.updated webhooks name their store by this, as checkout sessions do.
        metadata: { tenant_id: input.tenantId },
      },
      // Two clicks on Connect at once make one account, not two (the key lasts 24 hours at Stripe).
      { idempotencyKey: `connect-account-${input.tenantId}` },
    );
    return accountStateOf(account);
  }

  async createAccountLink(input: AccountLinkInput): Promise<AccountLink> {
    // Express accounts take `account_onboarding` links both for the first time and to update details
    // later (Stripe refuses `account_update` links for accounts with a Stripe-hosted dashboard).
    const link = await this.stripe.accountLinks.create({
      account: input.accountRef,
      type: 'account_onboarding',
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      collection_options: { fields: 'currently_due' },
    });
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  }

  async retrieveAccount(input: { tenantId: string; accountRef: string }): Promise<ConnectAccountState> {
    return accountStateOf(await this.stripe.accounts.retrieve(input.accountRef));
  }
}
