import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { UnitOfWork } from '../../db/unit-of-work';
import { testConnectAccounts } from '../../db/schema/index';
import { accountStateOf, type AccountLink, type AccountLinkInput, type CapabilityStatus, type ConnectAccountState, type CreateAccountInput, type PaymentConnect } from './connect';
import { signTestWebhook } from './test-gateway-signing';

export type TestConnectRow = typeof testConnectAccounts.$inferSelect;
export const ONBOARDING_STEPS = ['business', 'bank', 'identity'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What each hosted onboarding step collects, already checked by the page's form schema. */
export type StepFields =
  | { step: 'business'; businessName: string; businessType: string; website: string }
  | { step: 'bank'; holderName: string; last4: string }
  | { step: 'identity'; personName: string };

/** The hosted onboarding page for a signed link, at a step or the first open one. */
export const onboardingPath = (token: string, step?: OnboardingStep) =>
  `/connect/onboarding?link=${encodeURIComponent(token)}${step ? `&step=${step}` : ''}`;

/** How long an onboarding link works (Stripe's last minutes; a test form may take longer to fill in). */
export const ONBOARDING_LINK_MINUTES = 30;
const TEST_ACCOUNT_ID = /^acct_test_[a-f0-9]{24}$/;

/** What an onboarding link carries, signed: the account, its store and where to send the person after. */
export interface OnboardingLink {
  accountRef: string;
  tenantId: string;
  returnUrl: string;
  refreshUrl: string;
  expiresAt: number;
}
const linkSchema = z.object({ a: z.string().regex(TEST_ACCOUNT_ID), t: z.guid(), r: z.url(), f: z.url(), e: z.number().int() });

/** Requirement keys the test account owes until each step is done (Stripe's own names). */
const DUE: Record<OnboardingStep, string[]> = {
  business: ['business_type', 'business_profile.mcc', 'business_profile.url', 'tos_acceptance.date'],
  bank: ['external_account'],
  identity: ['individual.first_name', 'individual.last_name', 'individual.dob.day', 'individual.verification.document'],
};

export function stepsDone(row: TestConnectRow): Record<OnboardingStep, boolean> {
  return { business: row.businessDetailsAt !== null, bank: row.bankAccountAt !== null, identity: row.identityAt !== null };
}

/**
 * The simulated account as Stripe would describe it: each step clears its requirements; business
 * details and identity enable card payments, all three enable payouts and transfers. Before any step
 * the gateway reports no capabilities at all.
 */
export function testAccountState(row: TestConnectRow): ConnectAccountState {
  const done = stepsDone(row);
  const all = done.business && done.bank && done.identity;
  const capabilities: Record<string, CapabilityStatus> = {};
  if (done.business || done.bank || done.identity) {
    capabilities.card_payments = done.business && done.identity ? 'active' : done.business || done.identity ? 'pending' : 'inactive';
    capabilities.transfers = all ? 'active' : done.bank ? 'pending' : 'inactive';
  }
  return {
    accountRef: row.id,
    detailsSubmitted: all,
    chargesEnabled: done.business && done.identity,
    payoutsEnabled: all,
    requirements: {
      currentlyDue: ONBOARDING_STEPS.filter((s) => !done[s]).flatMap((s) => DUE[s]),
      pastDue: [],
      pendingVerification: [],
      disabledReason: all ? null : 'requirements.past_due',
    },
    capabilities,
  };
}

/**
 * The test gateway's Connect (DESIGN rule 7): accounts in test_connect_accounts, onboarded on the
 * gateway's own hosted page (test-connect-routes.ts) through a signed link, the way Stripe's account
 * links work. Every step sends a signed account.updated webhook, as Stripe does.
 */
export class TestConnect implements PaymentConnect {
  constructor(
    private readonly scopes: UnitOfWork,
    private readonly secret: string,
  ) {}

  async createAccount(input: CreateAccountInput): Promise<ConnectAccountState> {
    const id = `acct_test_${randomBytes(12).toString('hex')}`;
    const [row] = await this.scoped(input.tenantId, (tx) => tx.insert(testConnectAccounts).values({ id, tenantId: input.tenantId, shopName: input.shopName.slice(0, 200) }).returning());
    return testAccountState(row);
  }

  async createAccountLink(input: AccountLinkInput): Promise<AccountLink> {
    if (!(await this.find(input.tenantId, input.accountRef))) throw new Error(`No test account ${input.accountRef} for this store.`);
    const expiresAt = Math.floor(Date.now() / 1000) + ONBOARDING_LINK_MINUTES * 60;
    const token = this.signLink({ accountRef: input.accountRef, tenantId: input.tenantId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl, expiresAt });
    // The hosted page lives on the same host the person came from (the return URL's origin).
    return { url: new URL(onboardingPath(token), new URL(input.returnUrl).origin).toString(), expiresAt: new Date(expiresAt * 1000) };
  }

  async retrieveAccount(input: { tenantId: string; accountRef: string }): Promise<ConnectAccountState> {
    const row = await this.find(input.tenantId, input.accountRef);
    if (!row) throw new Error(`No test account ${input.accountRef} for this store.`);
    return testAccountState(row);
  }

  // ---- used by the hosted onboarding page ----

  async find(tenantId: string, accountRef: string): Promise<TestConnectRow | null> {
    if (!TEST_ACCOUNT_ID.test(accountRef)) return null;
    const rows = await this.scoped(tenantId, (tx) => tx.select().from(testConnectAccounts).where(and(eq(testConnectAccounts.id, accountRef), eq(testConnectAccounts.tenantId, tenantId))));
    return rows[0] ?? null;
  }

  /** Records a finished step (again overwrites what was given before: "update details"). */
  async completeStep(tenantId: string, accountRef: string, fields: StepFields): Promise<TestConnectRow | null> {
    const now = sql`now()`;
    const set =
      fields.step === 'business'
        ? { businessName: fields.businessName, businessType: fields.businessType, website: fields.website, businessDetailsAt: now }
        : fields.step === 'bank'
          ? { bankLast4: fields.last4, bankAccountAt: now }
          : { personName: fields.personName, identityAt: now };
    const rows = await this.scoped(tenantId, (tx) =>
      tx
        .update(testConnectAccounts)
        .set({ ...set, updatedAt: now })
        .where(and(eq(testConnectAccounts.id, accountRef), eq(testConnectAccounts.tenantId, tenantId)))
        .returning(),
    );
    return rows[0] ?? null;
  }

  signLink(link: OnboardingLink): string {
    const body = Buffer.from(JSON.stringify({ a: link.accountRef, t: link.tenantId, r: link.returnUrl, f: link.refreshUrl, e: link.expiresAt })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The link a token carries: 'expired' once its time is up (the page then sends the person to refresh_url), null when forged. */
  readLink(token: string, nowMs = Date.now()): OnboardingLink | { expired: OnboardingLink } | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined || token.length > 3000) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: z.infer<typeof linkSchema>;
    try {
      parsed = linkSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      return null;
    }
    const link = { accountRef: parsed.a, tenantId: parsed.t, returnUrl: parsed.r, refreshUrl: parsed.f, expiresAt: parsed.e };
    return parsed.e * 1000 <= nowMs ? { expired: link } : link;
  }

  /**
   * The signed account.updated webhook for the account's current state, ready to POST. Its id is fixed
   * per account and state, so a repeated delivery of one state is recognised as the same event.
   */
  signedAccountEvent(row: TestConnectRow): { payload: string; signature: string; eventId: string } {
    const state = testAccountState(row);
    const stateKey = JSON.stringify([row.id, row.businessDetailsAt?.getTime() ?? null, row.bankAccountAt?.getTime() ?? null, row.identityAt?.getTime() ?? null]);
    const eventId = `evt_test_${createHmac('sha256', this.secret).update(`account.updated:${stateKey}`).digest('base64url').slice(0, 32)}`;
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'account.updated',
      created: Math.floor(row.updatedAt.getTime() / 1000),
      data: {
        tenant_id: row.tenantId,
        account: {
          id: state.accountRef,
          details_submitted: state.detailsSubmitted,
          charges_enabled: state.chargesEnabled,
          payouts_enabled: state.payoutsEnabled,
          requirements: {
            currently_due: state.requirements.currentlyDue,
            past_due: state.requirements.pastDue,
            pending_verification: state.requirements.pendingVerification,
            disabled_reason: state.requirements.disabledReason,
          },
          capabilities: state.capabilities,
        },
      },
    });
    return { payload, signature: signTestWebhook(this.secret, payload), eventId };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`connect-link.${body}`).digest('base64url');
  }

  private scoped<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.scopes.run({ tenantId, userId: null }, ({ tx }) => fn(tx));
  }
}

/** account.updated as the test gateway signs it (checked by TestGateway.verifyWebhook). */
export const testAccountEventSchema = z.object({
  id: z.string().startsWith('evt_test_').max(100),
  object: z.literal('event'),
  type: z.literal('account.updated'),
  created: z.number().int().nonnegative(),
  data: z.object({
    tenant_id: z.guid(),
    account: z.object({
      id: z.string().regex(TEST_ACCOUNT_ID),
      details_submitted: z.boolean(),
      charges_enabled: z.boolean(),
      payouts_enabled: z.boolean(),
      requirements: z.object({
        currently_due: z.array(z.string().max(200)).max(100),
        past_due: z.array(z.string().max(200)).max(100),
        pending_verification: z.array(z.string().max(200)).max(100),
        disabled_reason: z.string().max(200).nullable(),
      }),
      capabilities: z.record(z.string().max(60), z.enum(['active', 'inactive', 'pending'])),
    }),
  }),
});

export function testAccountEvent(event: z.infer<typeof testAccountEventSchema>) {
  return { state: accountStateOf(event.data.account), occurredAt: new Date(event.created * 1000) };
}
