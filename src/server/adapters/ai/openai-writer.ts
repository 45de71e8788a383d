import { AI_AUDIENCE_LABELS, clipAtWord, META_DESCRIPTION_MAX, META_TITLE_MAX, stripHtml, type AiUsage, type ProductCopySections, type ProductDraft } from '../../../shared/ai';
import { AiProviderError, type AiResult, type AiWriter, type CategoryInput, type FieldSuggestionInput, type InsightFinding, type InsightPhrase } from './ai';
import { phraseFinding } from './builtin-writer';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { TASKS, type TaskAnswer, type TaskName } from './openai-schemas';

export interface OpenAiOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1, or a local model server's /v1. */
  baseUrl: string;
  model: string;
  timeoutMs: number;
  /** json_schema (structured output) or json_object for servers without it. */
  jsonMode: 'json_schema' | 'json_object';
  /** Retries of a failed connection, 408, 409, 429 or 5xx (the SDK's back-off), within timeoutMs. Default 2. */
  maxRetries?: number;
}

const SYSTEM = [
  'You write e-commerce copy for a UK online shop.',
  'Always use British English spelling (colour, organise, centre, aluminium) and UK conventions (£, metric first).',
  'Write plain text or simple Markdown only: never HTML tags. Never invent prices, certifications or guarantees.',
  `Meta titles must be at most ${META_TITLE_MAX} characters and meta descriptions at most ${META_DESCRIPTION_MAX} characters.`,
  'Answer with one JSON object matching the requested schema and nothing else.',
].join('\n');

const GOAL_BRIEF = {
  product_title: 'a clear product name of at most 80 characters',
  product_description: 'a product description of two or three short paragraphs in Markdown',
  product_features: 'four to six product highlights, one per line, with no bullet characters',
  seo_title: `an SEO meta title of at most ${META_TITLE_MAX} characters`,
  seo_description: `an SEO meta description of at most ${META_DESCRIPTION_MAX} characters`,
} as const;

/** Text from the model as the shop may use it: no HTML, single spaces, cut to max at a word. */
const clean = (s: string, max = 10_000) => clipAtWord(stripHtml(s).replace(/[ \t]+/g, ' '), max);
const cleanBlock = (s: string) => stripHtml(s).slice(0, 10_000);
const cleanList = (list: string[], max: number, each = 200) => list.map((s) => clean(s, each)).filter(Boolean).slice(0, max);

/**
 * An OpenAI-compatible chat completions API (OpenAI, Azure-style gateways, local model servers)
 * through the openai SDK, with structured JSON output made from the Zod schemas, retries and a
 * timeout, and every answer checked with Zod and cleaned of HTML. Failures throw AiProviderError;
 * falling back is the caller's choice (create-ai-writer.ts).
 */
export class OpenAiWriter implements AiWriter {
  readonly provider = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
      // Only what the configuration says: not the SDK's own OPENAI_ORG_ID / OPENAI_PROJECT_ID lookup.
      organization: null,
      project: null,
    });
  }

  async productCopy(draft: ProductDraft, seed: string): Promise<AiResult<ProductCopySections>> {
    const brief = {
      ...draft,
      target_audience: AI_AUDIENCE_LABELS[draft.target_audience],
      instructions: `Write the product page copy in a ${draft.tone} tone for ${AI_AUDIENCE_LABELS[draft.target_audience].toLowerCase()} customers. 3 to 5 bullets of key benefits; suggested specifications from the given ones; 5 to 8 SEO keywords. Variation seed: ${seed}.`,
    };
    const answer = await this.chat('product_copy', brief, seed);
    const v = answer.value;
    return {
      ...answer,
      value: {
        title: clean(v.title, 200),
        subtitle: clean(v.subtitle, 200),
        description_md: cleanBlock(v.description_md),
        bullets: cleanList(v.bullets, 8),
        specs: v.specs.map((s) => ({ name: clean(s.name, 80), value: clean(s.value, 200) })).filter((s) => s.name && s.value).slice(0, 30),
        seo: { title: clean(v.seo.title, META_TITLE_MAX), description: clean(v.seo.description, META_DESCRIPTION_MAX), keywords: cleanList(v.seo.keywords, 10, 60) },
      },
    };
  }

  async categoryCopy(input: CategoryInput, seed: string) {
    const answer = await this.chat('category_copy', { ...input, instructions: 'Write a category page description (two short paragraphs), an SEO meta title and meta description, and your confidence from 0 to 1 that the copy fits.' }, seed);
    const v = answer.value;
    return {
      ...answer,
      value: {
        description: cleanBlock(v.description),
        meta_title: clean(v.meta_title, META_TITLE_MAX),
        meta_description: clean(v.meta_description, META_DESCRIPTION_MAX),
        confidence: v.confidence,
      },
    };
  }

  async fieldSuggestion(input: FieldSuggestionInput) {
    const answer = await this.chat('field_suggestion', { field: input.field, write: GOAL_BRIEF[input.goal], product: input.context });
    const raw = answer.value.suggestion;
    const max = input.goal === 'seo_title' ? META_TITLE_MAX : input.goal === 'seo_description' ? META_DESCRIPTION_MAX : input.goal === 'product_title' ? 120 : 0;
    const value =
      input.goal === 'product_features'
        ? cleanList(stripHtml(raw).split('\n').map((l) => l.replace(/^\s*[-*•\d.)]+\s*/, '')), 8).join('\n')
        : max
          ? clean(raw, max)
          : cleanBlock(raw);
    if (!value) throw new AiProviderError('empty suggestion');
    return { ...answer, value };
  }

  async phraseInsights(findings: InsightFinding[]) {
    const facts = findings.map((f) => ({ id: f.id, kind: f.kind, count: f.count, examples: f.examples, product: f.productName ?? null }));
    const answer = await this.chat('insight_phrases', {
      instructions: 'For each fact about this shop, write a short title (under 60 characters), a one or two sentence description using the numbers and names given, and a call to action of two to four words. Keep each id.',
      facts,
    });
    const byId = new Map(answer.value.items.map((i) => [i.id, i]));
    // Words only: a fact the model skipped keeps the built-in wording.
    const value: InsightPhrase[] = findings.map((f) => {
      const item = byId.get(f.id);
      if (!item) return phraseFinding(f);
      return { id: f.id, title: clean(item.title, 90), description: clean(item.description, 300), cta: clean(item.cta, 40) };
    });
    return { ...answer, value };
  }

  private async chat<K extends TaskName>(task: K, brief: unknown, seed?: string): Promise<AiResult<TaskAnswer<K>>> {
    const { model, timeoutMs, jsonMode } = this.options;
    const { zod, responseFormat } = TASKS[task];
    const system = jsonMode === 'json_schema' ? SYSTEM : `${SYSTEM}\nThe JSON must match this schema: ${JSON.stringify(responseFormat.json_schema.schema)}`;
    let completion: ChatCompletion;
    try {
      completion = await withinDeadline(timeoutMs, (signal) =>
        this.client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: `Task: ${task}\n${system}` },
              { role: 'user', content: JSON.stringify(brief) },
            ],
            response_format: jsonMode === 'json_schema' ? responseFormat : { type: 'json_object' },
            temperature: 0.7,
            ...(seed ? { seed: numericSeed(seed) } : {}),
          },
          { signal },
        ),
      );
    } catch (err) {
      throw providerFailure(err, timeoutMs);
    }
    const content = completion?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AiProviderError('the AI provider answered without message content');
    let json: unknown;
    try {
      json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new AiProviderError('the AI provider answered with malformed JSON');
    }
    const parsed = zod.safeParse(json);
    if (!parsed.success) throw new AiProviderError(`the AI provider's JSON does not match ${task}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return { value: parsed.data as TaskAnswer<K>, usage: usageOf(completion), model: modelOf(completion, model), fellBack: false };
  }
}

/** The whole exchange took longer than AI_TIMEOUT_MS. */
class DeadlineExceeded extends Error {}

/**
 * Runs the call with a signal that aborts after ms, and gives up at that moment even while the SDK
 * waits to retry (its back-off, or a provider's Retry-After, does not watch the signal): AI_TIMEOUT_MS
 * bounds the whole exchange, retries included, as an admin is waiting for it.
 */
async function withinDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DeadlineExceeded());
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What went wrong, as an AiProviderError whose message is for the log. */
function providerFailure(err: unknown, timeoutMs: number): AiProviderError {
  if (err instanceof DeadlineExceeded || err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) {
    return new AiProviderError(`the AI provider did not answer within ${timeoutMs} ms`);
  }
  if (err instanceof APIError && err.status !== undefined) {
    const detail = (err.error as { message?: unknown } | undefined)?.message;
    return new AiProviderError(`the AI provider answered HTTP ${err.status}: ${String(typeof detail === 'string' ? detail : err.message).slice(0, 200)}`, err.status);
  }
  return new AiProviderError(`the AI provider could not be reached or answered badly: ${(err as Error)?.message ?? String(err)}`);
}

/** Token usage as reported; the SDK passes the body on unchecked and compatible servers may leave it out. */
function usageOf(body: unknown): AiUsage {
  const u = (body as { usage?: Partial<AiUsage> })?.usage ?? {};
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);
  const prompt = n(u.prompt_tokens);
  const completion = n(u.completion_tokens);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: n(u.total_tokens) || prompt + completion };
}

function modelOf(body: unknown, fallback: string): string {
  const m = (body as { model?: unknown })?.model;
  return typeof m === 'string' && m.length > 0 && m.length < 120 ? m : fallback;
}

/** The API's seed is an integer; ours may be any short text. */
function numericSeed(seed: string): number {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (Math.imul(h, 31) + seed.charCodeAt(i)) | 0;
  return Math.abs(h);
}
