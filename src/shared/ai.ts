// AI copy and Store Brain: constants, texts and answer types shared by the server and the admin app
// (admin spec §2, §3, §7, §8, §9; storefront spec §2 "Store Brain panel", §8, §9). No Zod here: the
// request and response schemas are in ai-schemas.ts; the answer types below come from them through
// type-only imports, which the bundler drops.
import type { z } from 'zod';
import type {
  aiUsageSchema,
  categoryCopyResponse,
  categoryCopySchema,
  productContentResponse,
  productCopySectionsSchema,
  quickWinSchema,
  quickWinsResponse,
  suggestResponse,
} from './ai-schemas';

/** Spec §9: meta title max 60, meta description max 160 characters. */
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

export const AI_TONES = ['concise', 'friendly', 'technical', 'luxury'] as const;
export type AiTone = (typeof AI_TONES)[number];
export const AI_TONE_LABELS: Record<AiTone, string> = { concise: 'Concise', friendly: 'Friendly', technical: 'Technical', luxury: 'Luxury' };

export const AI_AUDIENCES = ['retail', 'trade', 'diy', 'pros'] as const;
export type AiAudience = (typeof AI_AUDIENCES)[number];
/** Spec §2: "pros shown as Professionals". */
export const AI_AUDIENCE_LABELS: Record<AiAudience, string> = { retail: 'Retail', trade: 'Trade', diy: 'DIY', pros: 'Professionals' };

/** Product wizard defaults (spec §2): audience trade, tone friendly. */
export const WIZARD_DEFAULTS = { audience: 'trade' as AiAudience, tone: 'friendly' as AiTone };

export const SUGGEST_GOALS = ['product_title', 'product_description', 'product_features', 'seo_title', 'seo_description'] as const;
export type SuggestGoal = (typeof SUGGEST_GOALS)[number];

/** Spec §9: AI confidence default 0.8; local fallback copy 0.7; fallback quick wins 0.85 (storefront §9). */
export const AI_CONFIDENCE = { default: 0.8, localFallback: 0.7, fallbackSuggestion: 0.85 } as const;

/** The spec's exact failure texts (admin §8). */
export const AI_TEXT = {
  failedTitle: 'AI generation failed',
  unavailable: 'AI temporarily unavailable; please try again.',
  missingKey: 'AI key not configured. Add OPENAI_API_KEY and redeploy before trying again.',
  rateLimited: 'Too many AI requests. Please wait a minute and try again.',
} as const;

/** Error codes the AI routes answer with (HTTP 503), besides the usual 400/401/403/404/429. */
export const AI_ERROR_CODES = { missingKey: 'missing_api_key', unavailable: 'ai_unavailable' } as const;

export interface NameValue {
  name: string;
  value: string;
}

/** POST /api/ai/content productDraft. */
export interface ProductDraft {
  name: string;
  seed_description: string;
  category: string | null;
  price: number | null;
  sku: string | null;
  brand?: string | null;
  specs: NameValue[];
  tone: AiTone;
  target_audience: AiAudience;
}

/** Admin spec §3 "AI content result (product)". */
export type ProductCopySections = z.infer<typeof productCopySectionsSchema>;
export type AiUsage = z.infer<typeof aiUsageSchema>;
export type ProductContentResponse = z.infer<typeof productContentResponse>;
/** Admin spec §3 "(category)". */
export type CategoryCopy = z.infer<typeof categoryCopySchema>;
/** A quick win (admin §3) that is also a Store Brain suggestion (storefront §3). */
export type QuickWin = z.infer<typeof quickWinSchema>;
export type QuickWinImpact = QuickWin['impact'];
export type CategoryCopyResponse = z.infer<typeof categoryCopyResponse>;
export type QuickWinsResponse = z.infer<typeof quickWinsResponse>;
export type SuggestResponse = z.infer<typeof suggestResponse>;

/** Storefront spec §8: when suggestions cannot be loaded, these two are shown. */
export const FALLBACK_SUGGESTIONS: QuickWin[] = [
  {
    id: 'fallback-store-setup',
    title: 'Complete your store setup',
    cta: 'Review setup',
    impact: 'high',
    description: 'Add your categories, first products and card payments so shoppers can find and buy from you.',
    confidence: AI_CONFIDENCE.fallbackSuggestion,
    type: 'action',
    href: '/admin',
  },
  {
    id: 'fallback-improve-seo',
    title: 'Improve your SEO',
    cta: 'Review products',
    impact: 'med',
    description: 'Give every product a meta title and description so search engines show your store well.',
    confidence: AI_CONFIDENCE.fallbackSuggestion,
    type: 'insight',
    href: '/admin/catalogue/products',
  },
];

/** Storefront spec §9: 0.8 and above green, 0.6 and above yellow, otherwise grey. */
export function confidenceColour(confidence: number): 'green' | 'yellow' | 'grey' {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'grey';
}

export const confidencePercent = (confidence: number) => `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", '#39': "'", nbsp: ' ', lt: '<', gt: '>' };
const TAG = /<\/?[a-z!][^<>]*>/gi;

/**
 * Generated copy as plain text: script and style blocks go with their contents, every other tag is
 * dropped (kept text stays), common entities are decoded and tags they spelt are dropped again.
 * Markdown survives; HTML never reaches a product.
 */
export function stripHtml(text: string): string {
  let out = text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '').replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n\n');
  out = out.replace(TAG, '');
  out = out.replace(/&(amp|quot|apos|#39|nbsp|lt|gt);/g, (_, name: string) => ENTITIES[name]);
  out = out.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '').replace(TAG, '');
  return out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Cuts text to at most max characters at a word boundary (no half words), without trailing
 * punctuation other than a full stop.
 */
export function clipAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const base = (space > max * 0.5 ? cut.slice(0, space) : clean.slice(0, max)).replace(/[\s,;:–—-]+$/, '');
  return base.length <= max ? base : base.slice(0, max);
}
