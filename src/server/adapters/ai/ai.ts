import type { AiUsage, CategoryCopy, ProductCopySections, ProductDraft, QuickWinImpact, SuggestGoal } from '../../../shared/ai';

/** What an AI writer answers: the value, token usage, the model that wrote it and whether it fell back. */
export interface AiResult<T> {
  value: T;
  usage: AiUsage;
  model: string;
  /** True when the configured provider failed and the built-in writer answered instead. */
  fellBack: boolean;
  /** Why the provider failed (for the server log only; never sent to the browser). */
  failure?: string;
}

export interface CategoryInput {
  name: string;
  seed_description: string;
}

/** One field of the product form to suggest, given the form's other fields as context. */
export interface FieldSuggestionInput {
  goal: SuggestGoal;
  field: string;
  context: Record<string, string | number | boolean | null | string[]>;
}

export type InsightKind = 'missing_description' | 'missing_images' | 'missing_meta' | 'low_stock' | 'empty_categories' | 'no_category';

/**
 * A fact found in the store's own data (Store Brain, quick wins). The writer only phrases it: the id,
 * numbers, impact, confidence and link always come from the data, never from a model.
 */
export interface InsightFinding {
  id: string;
  kind: InsightKind;
  count: number;
  /** A few of the names concerned (products or categories), for the wording. */
  examples: string[];
  impact: QuickWinImpact;
  confidence: number;
  type: 'insight' | 'action';
  href: string | null;
  /** Set when the findings are about one product (the product page's suggestions). */
  productName?: string;
}

export interface InsightPhrase {
  id: string;
  title: string;
  description: string;
  cta: string;
}

/**
 * The AI copy adapter (DESIGN rule 7): the built-in writer needs no account and no network; the
 * OpenAI-compatible provider is chosen by environment variables (see create-ai-writer.ts).
 */
export interface AiWriter {
  readonly provider: 'builtin' | 'openai';
  /** Product wizard: the whole copy for a new product. The same seed gives the same built-in copy. */
  productCopy(draft: ProductDraft, seed: string): Promise<AiResult<ProductCopySections>>;
  /** Category wizard: description and SEO fields. */
  categoryCopy(input: CategoryInput, seed: string): Promise<AiResult<CategoryCopy>>;
  /** Product form helpers: one field's text (features: one per line). */
  fieldSuggestion(input: FieldSuggestionInput): Promise<AiResult<string>>;
  /** Store Brain and quick wins: words for facts found in the store's data, one phrase per finding. */
  phraseInsights(findings: InsightFinding[]): Promise<AiResult<InsightPhrase[]>>;
}

/** The configured provider failed (bad answer, timeout, HTTP error); the message is for the log. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/** Rough token count for the built-in writer's usage figures (about four characters a token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);
