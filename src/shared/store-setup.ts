import { z } from 'zod';

// A new store's way to its first sale (issue 25 item 2): the set-up checklist, each step ticked from
// the store's real state, the launch that opens it to shoppers (refused while a checkout could not be
// completed), and the preview password that lets people see it before then.

export const SETUP_STEP_KEYS = ['details', 'delivery', 'payments', 'product', 'policies', 'launch'] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

/** Steps a checkout needs: launch is refused while any of these is not done. */
export const LAUNCH_NEEDS: readonly SetupStepKey[] = ['details', 'delivery', 'payments', 'product'];

export const SETUP_TEXT = {
  steps: {
    details: { title: 'Add your store details', todo: 'Your contact email and business address: shoppers and the law need to know who they buy from.', done: 'Shoppers can see who you are and how to reach you.' },
    delivery: { title: 'Confirm your delivery options', todo: 'Check the delivery option your store started with, or add your own, then confirm them.', done: 'Shoppers can choose how their order reaches them.' },
    payments: { title: 'Set up card payments', todo: 'Connect your payment account so card payments are paid into it.', done: 'Card payments are connected.' },
    product: { title: 'Add a product to sell', todo: 'At least one active product with a price that is in stock.', done: 'You have a product shoppers can buy.' },
    policies: { title: 'Write your policies', todo: 'Your returns window and the terms and privacy pages every UK shop needs.', done: 'Your policies and legal pages are published.' },
    launch: { title: 'Launch your store', todo: 'Open your store to shoppers. Until then they see an "Opening soon" page.', done: 'Your store is open to shoppers.' },
  },
  /** Why launch is refused, per missing step. */
  blocked: {
    details: 'Add a contact email and a business address in Settings > Store Info.',
    delivery: 'Confirm at least one active delivery option in Settings > Shipping.',
    payments: 'Connect card payments in Settings > Payment.',
    product: 'Add an active product with a price that is in stock.',
    email: 'Confirm your email address: open the link we sent you.',
  },
  launchBlocked: 'Your store cannot open yet.',
  launched: 'Your store is open',
  unlaunched: 'Your store is closed to shoppers again',
  deliveryConfirmed: 'Delivery options confirmed',
  previewSaved: 'Preview password saved',
  previewRemoved: 'Preview password removed',
  openingSoonTitle: 'Opening soon',
  openingSoonBody: 'This shop is getting ready to open. Please come back soon.',
  previewPrompt: 'Have the preview password?',
  previewWrong: 'That password is not right.',
  previewNone: 'This shop has no preview password.',
} as const;

export const PREVIEW_PASSWORD_LIMITS = { min: 4, max: 64 } as const;
export const PREVIEW_PASSWORD_MESSAGE = `Use ${PREVIEW_PASSWORD_LIMITS.min} to ${PREVIEW_PASSWORD_LIMITS.max} characters`;

/** PUT /api/admin/setup/preview-password: a password, or null to let only staff preview. */
export const previewPasswordBody = z.strictObject({
  password: z.string({ error: PREVIEW_PASSWORD_MESSAGE }).trim().min(PREVIEW_PASSWORD_LIMITS.min, PREVIEW_PASSWORD_MESSAGE).max(PREVIEW_PASSWORD_LIMITS.max, PREVIEW_PASSWORD_MESSAGE).nullable(),
});
export type PreviewPasswordBody = z.infer<typeof previewPasswordBody>;

/** POST /api/store-preview: what a visitor types on the "Opening soon" page. */
export const storePreviewBody = z.strictObject({ password: z.string({ error: 'Enter the password' }).min(1, 'Enter the password').max(200, 'Enter the password') });

export const setupStepSchema = z.object({ key: z.enum(SETUP_STEP_KEYS), done: z.boolean() });
export type SetupStep = z.infer<typeof setupStepSchema>;

/** GET /api/admin/setup (and the answers of its actions). */
export const setupResponse = z.object({
  steps: z.array(setupStepSchema),
  launched_at: z.string().nullable(),
  /** Why launch would be refused now: one message per missing need; empty when it may launch. */
  blockers: z.array(z.object({ key: z.string(), message: z.string() })),
  preview_password: z.string().nullable(),
  /** Where the store is, for the "View your store" link. */
  store_url: z.string(),
});
export type SetupResponse = z.infer<typeof setupResponse>;
