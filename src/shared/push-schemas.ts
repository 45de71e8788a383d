import { z } from 'zod';
import { isPushLink, PUSH_KINDS, PUSH_TEXT } from './push';

// Requests and answers of the push calls (admin spec §7): /api/functions/v1/push-subscribe,
// push-send and push-templates. Used by the server's routes and the admin's forms; the storefront
// widget sends what the browser gives it and imports none of this (decision 004).

/** A browser's P-256 public key as PushSubscription.toJSON() gives it: 65 bytes (0x04 first), base64url. */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
/** The 16-byte authentication secret, base64url. */
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

export const pushKeysSchema = z.strictObject({
  p256dh: z.string().max(128).regex(P256DH, 'Not a browser push key'),
  auth: z.string().max(64).regex(AUTH, 'Not a browser push secret'),
});

/** POST /api/functions/v1/push-subscribe */
export const pushSubscribeBody = z.strictObject({
  endpoint: z.string().trim().max(1024, 'The push address is too long').refine((v) => URL.canParse(v), 'Not a push service address'),
  keys: pushKeysSchema,
  kind: z.enum(PUSH_KINDS, { error: 'Kind must be customer or staff' }),
  user_agent: z.string().trim().max(512).nullish(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

/** DELETE /api/functions/v1/push-subscribe: the spec's {endpoint}; kind narrows it to one of a browser's rows. */
export const pushUnsubscribeBody = z.strictObject({
  endpoint: z.string().trim().min(1, 'Required').max(1024),
  kind: z.enum(PUSH_KINDS).optional(),
});

const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*$/;
const link = z
  .string()
  .trim()
  .max(2048, 'Links must be 2048 characters or fewer')
  .refine((v) => v === '' || isPushLink(v), 'Use a same-site path or https:// link')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST and PUT /api/functions/v1/push-templates; the admin's template dialog validates with it too. */
export const pushTemplateBody = z.strictObject({
  key: z
    .string({ error: PUSH_TEXT.templateRequired })
    .trim()
    .min(1, PUSH_TEXT.templateRequired)
    .max(64, 'Keys must be 64 characters or fewer')
    .regex(KEY_PATTERN, 'Use lowercase letters, digits, dots, dashes and underscores'),
  title: z.string({ error: PUSH_TEXT.templateRequired }).trim().min(1, PUSH_TEXT.templateRequired).max(120, 'Titles must be 120 characters or fewer'),
  body: z.string({ error: PUSH_TEXT.templateRequired }).trim().min(1, PUSH_TEXT.templateRequired).max(500, 'The body must be 500 characters or fewer'),
  icon: link,
  url: link,
  is_active: z.boolean().default(true),
});
export type PushTemplateInput = z.input<typeof pushTemplateBody>;
export type PushTemplateValues = z.output<typeof pushTemplateBody>;

/**
 * What the template routes accept before checking (every field optional and bounded): a missing key,
 * title or body must answer the spec's own message, which the route gives, not the generic schema text.
 */
export const pushTemplateLooseBody = z.strictObject({
  key: z.string().max(200).nullish(),
  title: z.string().max(1000).nullish(),
  body: z.string().max(4000).nullish(),
  icon: z.string().max(4096).nullish(),
  url: z.string().max(4096).nullish(),
  is_active: z.boolean().optional(),
});

export const templateIdQuery = z.strictObject({ id: z.string().max(64) });

/** POST /api/functions/v1/push-send: a test push to the caller's own devices of that kind. */
export const pushSendBody = z.strictObject({
  tenant_id: z.string().max(64).nullish(),
  template_key: z.string().trim().min(1, 'Choose a template').max(64).regex(KEY_PATTERN, 'Choose a template'),
  kind: z.enum(PUSH_KINDS, { error: 'Kind must be customer or staff' }),
  payload: z.record(z.string().max(40).regex(/^[a-z0-9_]+$/i), z.union([z.string().max(500), z.number()])).optional()
    .refine((p) => !p || Object.keys(p).length <= 20, 'At most 20 payload values'),
});
export type PushSendBody = z.infer<typeof pushSendBody>;

// Answers.
export const pushPublicKeyResponse = z.object({ publicKey: z.string() });

export const pushSubscriptionSchema = z.object({
  id: z.string(),
  kind: z.enum(PUSH_KINDS),
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type PushSubscriptionRow = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionListResponse = z.object({
  subscriptions: z.array(pushSubscriptionSchema),
  /** Every subscription of the store (the list shows the newest SUBSCRIPTION_LIST_LIMIT). */
  total: z.number(),
  counts: z.object({ customer: z.number(), staff: z.number() }),
});
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListResponse>;

export const pushSubscribeResponse = z.object({
  subscription: z.object({ id: z.string(), kind: z.enum(PUSH_KINDS), created_at: z.string(), last_seen_at: z.string() }),
});
export const pushUnsubscribeResponse = z.object({ removed: z.number() });

export const pushTemplateSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  body: z.string(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  is_active: z.boolean(),
  /** Null: a platform default; set: this store's own (custom) template. */
  tenant_id: z.string().nullable(),
});
export type PushTemplate = z.infer<typeof pushTemplateSchema>;
export const pushTemplateListResponse = z.object({ templates: z.array(pushTemplateSchema) });
export const pushTemplateResponse = z.object({ template: pushTemplateSchema });

export const pushSendResponse = z.object({
  /** Devices the push service accepted it for. */
  sent: z.number(),
  failed: z.number(),
  /** Dead subscriptions the push service said are gone (404/410), now deleted. */
  removed: z.number(),
});
export type PushSendResult = z.infer<typeof pushSendResponse>;
