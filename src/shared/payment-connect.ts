// Card-payment onboarding (admin spec §2 Settings/Payment, §3 "Payment-connect status", §4, §7, §8):
// the contract between the payments module and the settings page's Payment tab.
import { z } from 'zod';

/** Spec §4: Connect checklist item statuses. */
export const CHECKLIST_STATUSES = ['complete', 'action_required', 'pending'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

export const checklistItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(CHECKLIST_STATUSES),
  hint: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const capabilitySchema = z.object({ capability: z.string(), status: z.string() });
export type Capability = z.infer<typeof capabilitySchema>;

/** GET /api/stripe/connect/status and POST /api/stripe/connect/create-account (spec §3). */
export const connectStatusResponse = z.object({
  /** The store's account can take payments: onboarding finished, charges and transfers enabled. */
  connected: z.boolean(),
  /** 'test': the built-in test gateway's simulated onboarding; 'stripe': Stripe Connect Express. */
  provider: z.enum(['test', 'stripe']),
  account: z.object({ reference: z.string() }).nullable(),
  checklist: z.array(checklistItemSchema),
  capabilities: z.array(capabilitySchema),
});
export type ConnectStatus = z.infer<typeof connectStatusResponse>;

/** POST /api/stripe/connect/account-link: the browser is sent to onboarding_url. */
export const accountLinkResponse = z.object({ onboarding_url: z.string() });
export type AccountLinkResponse = z.infer<typeof accountLinkResponse>;

/**
 * Both POSTs take no input: the store comes from the host and session, the return and refresh URLs
 * from the request's own host. Anything sent is refused rather than silently used (DESIGN rule 4).
 */
export const connectEmptyBody = z.strictObject({}).nullish();

/** Where the provider sends the person back: the Payment tab, with what happened. */
export const ONBOARDING_RETURN_PATH = '/admin/settings?tab=payment&onboarding=return';
export const ONBOARDING_REFRESH_PATH = '/admin/settings?tab=payment&onboarding=refresh';

/** Spec §2 and §8 texts, and ours for the built-in test gateway (which never takes real money). */
export const CONNECT_TEXT = {
  ready: 'Ready for live payments',
  readyForTests: 'Ready for test payments: no real money is taken',
  noCapabilities: 'Stripe has not reported any capabilities yet.',
  noCapabilitiesFromTestGateway: 'The built-in test gateway has not reported any capabilities yet.',
  statusUnavailableTitle: 'Stripe status unavailable',
  statusUnavailable: 'Unable to fetch Stripe Connect status.',
  onboardingFailed: 'Failed to start Stripe onboarding',
} as const;

/** The provider's name as the Payment tab says it. */
export const providerName = (provider: ConnectStatus['provider']) => (provider === 'stripe' ? 'Stripe' : 'the built-in test gateway');

/**
 * What the connected-state banner says. Only Stripe takes live payments: the test gateway's connected
 * account is ready for test payments, so "Test mode" and "Ready for live payments" never meet.
 */
export const readyText = (provider: ConnectStatus['provider']) => (provider === 'stripe' ? CONNECT_TEXT.ready : CONNECT_TEXT.readyForTests);

/** The empty capability list, naming the provider that reports them (the spec's text for Stripe). */
export const noCapabilitiesText = (provider: ConnectStatus['provider']) =>
  provider === 'stripe' ? CONNECT_TEXT.noCapabilities : CONNECT_TEXT.noCapabilitiesFromTestGateway;
