import { z } from 'zod';
import { AI_AUDIENCES, AI_TONES, SUGGEST_GOALS } from './ai';

// Request bodies of POST /api/ai/content, /api/ai/assistant and /api/ai/suggest (admin spec §7,
// storefront spec §7). Strict: unknown keys are refused with 400 (DESIGN rule 4). Their answers' schemas
// are at the end; ai.ts takes its answer types from them through type-only imports.

const text = (max: number, what: string) => z.string({ error: `${what} is required` }).trim().max(max, `${what} must be ${max} characters or fewer`);
const required = (max: number, what: string) => text(max, what).min(1, `${what} is required`);
const optionalText = (max: number, what: string) => text(max, what).nullable().optional().transform((v) => v || null);

const spec = z.strictObject({ name: required(80, 'Specification name'), value: required(200, 'Specification value') });

export const productDraftSchema = z.strictObject({
  name: required(200, 'Product name'),
  seed_description: required(2000, 'Seed description'),
  category: optionalText(120, 'Category'),
  price: z.number({ error: 'Price must be a number' }).min(0, 'Price must be zero or greater').max(1_000_000, 'Price is too large').nullable().optional().transform((v) => v ?? null),
  sku: optionalText(64, 'SKU'),
  brand: optionalText(120, 'Brand'),
  specs: z.array(spec).max(30, 'At most 30 specifications').default([]),
  tone: z.enum(AI_TONES, { error: `Tone must be one of ${AI_TONES.join(', ')}` }),
  target_audience: z.enum(AI_AUDIENCES, { error: `Audience must be one of ${AI_AUDIENCES.join(', ')}` }),
});

/** A regenerate seed: any short text or whole number; the same seed gives the same built-in copy. */
const seed = z.union([z.string().trim().min(1).max(64), z.number().int().safe()]).optional();

export const contentBody = z.strictObject({
  intent: z.literal('product.generate', { error: "intent must be 'product.generate'" }),
  productDraft: productDraftSchema,
  /** Sent by the spec's client; never trusted (the request's host or chosen store decides). */
  tenant: z.strictObject({ id: z.string().max(64), slug: z.string().max(120) }).optional(),
  guidelines: z.strictObject({}).optional(),
  seed,
});
export type ContentBody = z.infer<typeof contentBody>;

const categoryContent = z.strictObject({
  intent: z.literal('content.generate'),
  context: z.strictObject({ page: z.literal('category') }),
  input: z.strictObject({
    type: z.literal('category'),
    fields: z.strictObject({ name: required(120, 'Category name'), seed_description: required(2000, 'Category description') }),
  }),
  seed,
});

const productSuggestions = z.strictObject({
  intent: z.literal('content.generate'),
  context: z.strictObject({ page: z.literal('product'), entityId: z.string({ error: 'entityId is required' }).max(64) }),
  input: z.strictObject({
    type: z.literal('product'),
    entityId: z.string().max(64).optional(),
    fields: z.strictObject({ action: z.literal('suggestions', { error: "fields.action must be 'suggestions'" }) }),
  }),
});

const quickWins = z.strictObject({
  intent: z.literal('insights.quick_wins'),
  horizon: z.literal('30d', { error: "horizon must be '30d'" }).default('30d'),
  context: z.strictObject({ page: z.string().max(40) }).optional(),
});

export type CategoryContentBody = z.infer<typeof categoryContent>;
export type ProductSuggestionsBody = z.infer<typeof productSuggestions>;
export type QuickWinsBody = z.infer<typeof quickWins>;
/** The assistant's request, tagged with which of the three it is. */
export type AssistantRequest =
  | { kind: 'category'; body: CategoryContentBody }
  | { kind: 'product'; body: ProductSuggestionsBody }
  | { kind: 'quick_wins'; body: QuickWinsBody };

/**
 * Checks an assistant body against the schema its intent and input.type name, so a bad body gets the
 * field errors of the request it meant rather than one vague union error. Null: no such request.
 */
export function parseAssistantBody(body: unknown): { request: AssistantRequest } | { issues: z.core.$ZodIssue[] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { intent, input } = body as { intent?: unknown; input?: { type?: unknown } };
  const type = typeof input === 'object' && input !== null ? input.type : undefined;
  const wrap = <K extends AssistantRequest['kind'], T>(kind: K, r: z.ZodSafeParseResult<T>) =>
    r.success ? { request: { kind, body: r.data } as AssistantRequest } : { issues: r.error.issues };
  if (intent === 'insights.quick_wins') return wrap('quick_wins', quickWins.safeParse(body));
  if (intent === 'content.generate' && type === 'category') return wrap('category', categoryContent.safeParse(body));
  if (intent === 'content.generate' && type === 'product') return wrap('product', productSuggestions.safeParse(body));
  return null;
}

/** The product form's other fields, given as context: free-form but bounded, never stored. */
const contextValue = z.union([z.string().max(5000), z.number(), z.boolean(), z.null(), z.array(z.string().max(500)).max(50)]);

export const suggestBody = z.strictObject({
  subject: z.literal('product', { error: "subject must be 'product'" }),
  subject_id: z.string().max(64).nullable().optional(),
  field: z.string().trim().min(1).max(40),
  goal: z.enum(SUGGEST_GOALS, { error: `goal must be one of ${SUGGEST_GOALS.join(', ')}` }),
  context: z.record(z.string().max(40), contextValue).refine((o) => Object.keys(o).length <= 30, 'At most 30 context fields').default({}),
});
export type SuggestBody = z.infer<typeof suggestBody>;

// ---- Responses ----

const nameValue = z.object({ name: z.string(), value: z.string() });

/** Admin spec §3 "AI content result (product)". */
export const productCopySectionsSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  description_md: z.string(),
  bullets: z.array(z.string()),
  specs: z.array(nameValue),
  seo: z.object({ title: z.string(), description: z.string(), keywords: z.array(z.string()) }),
});

export const aiUsageSchema = z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() });

/** POST /api/ai/content */
export const productContentResponse = z.object({
  sections: productCopySectionsSchema,
  usage: aiUsageSchema,
  model: z.string(),
  /** True when the configured provider failed and the built-in writer answered instead. */
  fellBack: z.boolean(),
});

/** Admin spec §3 "(category)". */
export const categoryCopySchema = z.object({ description: z.string(), meta_title: z.string(), meta_description: z.string(), confidence: z.number() });

/** A quick win (admin §3) that is also a Store Brain suggestion (storefront §3). */
export const quickWinSchema = z.object({
  id: z.string(),
  title: z.string(),
  cta: z.string(),
  impact: z.enum(['high', 'med', 'low']),
  description: z.string(),
  confidence: z.number(),
  type: z.enum(['insight', 'action']),
  /** Where its action leads in the admin, or null. */
  href: z.string().nullable(),
});

export const categoryCopyResponse = z.object({ result: categoryCopySchema, model: z.string(), fellBack: z.boolean() });
export const quickWinsResponse = z.object({ result: z.object({ wins: z.array(quickWinSchema) }), model: z.string(), fellBack: z.boolean() });
/** POST /api/ai/assistant: category copy, or quick wins (for a product or the whole store). */
export const assistantResponse = z.union([categoryCopyResponse, quickWinsResponse]);

/** POST /api/ai/suggest */
export const suggestResponse = z.object({ suggestion: z.string(), model: z.string(), fellBack: z.boolean() });
