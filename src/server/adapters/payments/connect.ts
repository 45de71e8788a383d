/**
 * Card-payment onboarding per store (issue 13): each store gets its own account at the provider (a
 * Stripe Connect Express account, or the test gateway's simulated one), onboarded on the provider's
 * hosted pages. Checkout then sends the store's payments to that account once it is ready.
 *
 * The state is Stripe's shape for both providers, so one mapping (modules/payments/checklist.ts) turns
 * it into the settings tab's checklist and capabilities.
 */
export type CapabilityStatus = 'active' | 'inactive' | 'pending';

export interface ConnectAccountState {
  /** The provider's account id: acct_... */
  accountRef: string;
  /** The account holder finished the onboarding form (Stripe's details_submitted). */
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: {
    /** Fields the provider needs now (Stripe's requirement keys, e.g. `external_account`). */
    currentlyDue: string[];
    /** Needed and overdue: the account is restricted until they are given. */
    pastDue: string[];
    /** Given and being checked by the provider. */
    pendingVerification: string[];
    disabledReason: string | null;
  };
  /** Capability name (card_payments, transfers, ...) to its status, as the provider reports it. */
  capabilities: Record<string, CapabilityStatus>;
}

export interface CreateAccountInput {
  tenantId: string;
  /** Prefills the business name on the provider's onboarding page. */
  shopName: string;
}

export interface AccountLinkInput {
  tenantId: string;
  accountRef: string;
  /**
   * Absolute URLs on the store's own admin, built by the server from the request's host (never sent by
   * the client): where the provider sends the account holder when they finish or leave (return), or
   * when the link has expired or was used already (refresh).
   */
  returnUrl: string;
  refreshUrl: string;
}

export interface AccountLink {
  url: string;
  expiresAt: Date;
}

export interface PaymentConnect {
  /** Creates the store's account at the provider (Connect Express on Stripe). */
  createAccount(input: CreateAccountInput): Promise<ConnectAccountState>;
  /** A one-off link to the provider's hosted onboarding for the account. */
  createAccountLink(input: AccountLinkInput): Promise<AccountLink>;
  /** The account's state as the provider sees it now. */
  retrieveAccount(input: { tenantId: string; accountRef: string }): Promise<ConnectAccountState>;
}

/** Provider account ids: acct_ followed by letters, digits and `_`, of a sane length. */
export const ACCOUNT_REF_SHAPE = /^acct_[A-Za-z0-9_]{1,250}$/;

const CAPABILITY_STATUSES = new Set<string>(['active', 'inactive', 'pending']);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 200) : []);

/**
 * Stripe's account object (from the API or an account.updated event) as ConnectAccountState. Reads
 * defensively: a field Stripe leaves out counts as "not yet".
 */
export function accountStateOf(account: {
  id: string;
  details_submitted?: boolean | null;
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
  requirements?: { currently_due?: unknown; past_due?: unknown; pending_verification?: unknown; disabled_reason?: unknown } | null;
  capabilities?: object | null;
}): ConnectAccountState {
  const capabilities: Record<string, CapabilityStatus> = {};
  for (const [name, status] of Object.entries((account.capabilities ?? {}) as Record<string, unknown>).slice(0, 50)) {
    if (typeof status === 'string' && CAPABILITY_STATUSES.has(status)) capabilities[name] = status as CapabilityStatus;
  }
  const reason = account.requirements?.disabled_reason;
  return {
    accountRef: account.id,
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    requirements: {
      currentlyDue: strings(account.requirements?.currently_due),
      pastDue: strings(account.requirements?.past_due),
      pendingVerification: strings(account.requirements?.pending_verification),
      disabledReason: typeof reason === 'string' ? reason.slice(0, 200) : null,
    },
    capabilities,
  };
}

/**
 * Ready to receive payments: onboarding finished, charges enabled, and transfers active (a
 * destination charge moves the money to the account by a transfer). One definition for checkout,
 * the settings tab and the dashboard.
 */
export function isReadyForPayments(state: Pick<ConnectAccountState, 'detailsSubmitted' | 'chargesEnabled' | 'capabilities'>): boolean {
  return state.detailsSubmitted && state.chargesEnabled && state.capabilities.transfers === 'active';
}
