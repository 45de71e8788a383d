import { z } from 'zod';

// A new store's way to its first sale (issue 25 item 2): the set-up checklist, each step ticked from
// the store's real state, the launch that opens it to shoppers (refused while a checkout could not be
// completed), and the preview password that lets people see it before then.

export { LAUNCH_NEEDS, SETUP_STEP_KEYS, SETUP_TEXT, type SetupStepKey } from './store-setup-text';
import { SETUP_STEP_KEYS } from './store-setup-text';

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
