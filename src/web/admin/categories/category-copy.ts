import { CATEGORY_LIMITS } from '@shared/admin-categories';

/** What the AI Category Wizard's step 2 edits (spec §3 "AI content result (category)"). */
export interface CategoryCopy {
  description: string;
  meta_title: string;
  meta_description: string;
  /** 0 to 1; shown as a percent badge. */
  confidence: number;
}

/** Spec §9: the AI's confidence when it gives none, and the local fallback copy's. */
export const DEFAULT_AI_CONFIDENCE = 0.8;
export const FALLBACK_CONFIDENCE = 0.7;

/** Cuts text to max characters at a word boundary, ending with an ellipsis when anything was cut. */
export function fitText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = (lastSpace > max / 2 ? room.slice(0, lastSpace) : room).replace(/[\s,;:.\-–—|]+$/, '');
  return `${cut}…`;
}

/** The seed as a sentence: capital first letter, closing full stop. */
function asSentence(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const capital = clean[0].toUpperCase() + clean.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * Copy written in the browser when the AI answers with an error (spec §7: "if not OK, local fallback
 * copy with confidence 0.7"). Plain British English built from the name and the merchant's own
 * summary, within the SEO limits, for the merchant to edit before saving.
 */
export function fallbackCategoryCopy(name: string, seed: string): CategoryCopy {
  const title = name.replace(/\s+/g, ' ').trim();
  const summary = asSentence(seed);
  const description = [summary, `Browse our ${title} range, chosen with care for quality and everyday value, and find the right piece for your home.`]
    .filter(Boolean)
    .join(' ');
  const metaTitle = `${title} | Shop the Range`.length <= CATEGORY_LIMITS.metaTitle ? `${title} | Shop the Range` : fitText(title, CATEGORY_LIMITS.metaTitle);
  const metaDescription = fitText(summary ? `Shop ${title}. ${summary}` : `Shop ${title}, chosen with care for quality and everyday value.`, CATEGORY_LIMITS.metaDescription);
  return { description, meta_title: metaTitle, meta_description: metaDescription, confidence: FALLBACK_CONFIDENCE };
}

/**
 * The AI's answer, or null when it lacks the copy (treated like a failed answer: fallback copy).
 * Confidence outside 0..1 or missing becomes the default 0.8.
 */
export function readAssistantResult(data: unknown): CategoryCopy | null {
  const result = (data as { result?: Record<string, unknown> } | null)?.result;
  if (!result || typeof result !== 'object') return null;
  const { description, meta_title, meta_description, confidence } = result;
  if (typeof description !== 'string' || !description.trim()) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    description: description.trim(),
    meta_title: text(meta_title),
    meta_description: text(meta_description),
    confidence: typeof confidence === 'number' && confidence >= 0 && confidence <= 1 ? confidence : DEFAULT_AI_CONFIDENCE,
  };
}

/** Badge colour by confidence (≥ 0.8 green, ≥ 0.6 yellow, otherwise grey) and its percent text. */
export function confidenceBadge(confidence: number): { variant: 'success' | 'warning' | 'secondary'; label: string } {
  const variant = confidence >= 0.8 ? 'success' : confidence >= 0.6 ? 'warning' : 'secondary';
  return { variant, label: `${Math.round(confidence * 100)}% confidence` };
}
