import { saveQuoteBody, type Quote, type QuoteContentInput, type SaveQuoteBody } from '@shared/crm/quotes';
import { defaultQuoteContent } from '@shared/crm/quote-pricing';

// The builder's working copy: the lead and every content field of the quote (spec §3), plus the saved
// quote it edits (null for a new one). Pure functions, so the save guard is testable without a screen.

export interface Draft {
  /** The saved quote this edits: its id (PUT), its public link, whether paid (then closed); null until the first save. */
  saved: { id: string; unique_url: string; paid: boolean } | null;
  lead_id: string;
  content: QuoteContentInput;
}

/** A new quote: the web-agency kit's defaults, or (a store's book, decision 044) the content it starts from. */
export const newDraft = (start?: QuoteContentInput): Draft => ({ saved: null, lead_id: '', content: start ?? defaultQuoteContent() });

/** A saved quote loaded for editing: only the content fields the builder owns are kept. */
export function draftFromQuote(quote: Quote): Draft {
  const defaults = defaultQuoteContent();
  const content = Object.fromEntries(Object.keys(defaults).map((key) => [key, quote[key as keyof Quote] ?? defaults[key as keyof QuoteContentInput]])) as QuoteContentInput;
  return { saved: { id: quote.id, unique_url: quote.unique_url, paid: quote.paid_at !== null }, lead_id: quote.lead_id, content };
}

/** What the builder holds that a save would keep: equal snapshots mean nothing is unsaved. */
export const draftSnapshot = (draft: Draft): string => JSON.stringify({ lead_id: draft.lead_id, content: draft.content });

/** A new list row's id: unique within the quote, short enough for the schema (64). */
export const rowId = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export type SaveCheck =
  | { ok: true; body: SaveQuoteBody }
  | { ok: false; reason: 'no-lead' }
  | { ok: false; reason: 'invalid'; fields: Record<string, string> };

/**
 * What Save may send (spec §5): nothing without a lead; otherwise the body the route's own schema
 * accepts, with base_price kept equal to the custom build price. Field errors are keyed by path
 * ('header_title', 'hero_bullets.2'), as the server's are.
 */
export function checkSave(draft: Draft): SaveCheck {
  if (!draft.lead_id) return { ok: false, reason: 'no-lead' };
  const body: SaveQuoteBody = { lead_id: draft.lead_id, ...draft.content, base_price: draft.content.base_price_custom };
  const parsed = saveQuoteBody.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return { ok: false, reason: 'invalid', fields };
}
