import { AI_AUDIENCE_LABELS, AI_CONFIDENCE, clipAtWord, META_DESCRIPTION_MAX, META_TITLE_MAX, stripHtml, type AiUsage, type ProductCopySections, type ProductDraft } from '../../../shared/ai';
import { AiProviderError, type AiResult, type AiWriter, type CategoryInput, type FieldSuggestionInput, type InsightFinding, type InsightPhrase } from './ai';
import { phraseFinding } from './builtin-writer';
import { TASKS, type TaskAnswer, type TaskName } from './openai-schemas';

export interface OpenAiOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1, or a local model server's /v1. */
  baseUrl: string;
  model: string;
  timeoutMs: number;
  /** json_schema (structured output) or json_object for servers without it. */
  jsonMode: 'json_schema' | 'json_object';
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
 * An OpenAI-compatible chat completions API (OpenAI, Azure-style gateways, local model servers) with
 * structured JSON output, a timeout, and every answer checked with Zod and cleaned of HTML. Failures
 * throw AiProviderError; falling back is the caller's choice (create-ai-writer.ts).
 */
export class OpenAiWriter implements AiWriter {
  readonly provider = 'openai' as const;
  constructor(private readonly options: OpenAiOptions) {}

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
        confidence: v.confidence ?? AI_CONFIDENCE.default,
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
    const { baseUrl, apiKey, model, timeoutMs, jsonMode } = this.options;
    const schema = TASKS[task];
    const response_format =
      jsonMode === 'json_schema' ? { type: 'json_schema', json_schema: { name: task, strict: true, schema: schema.jsonSchema } } : { type: 'json_object' };
    const system = jsonMode === 'json_schema' ? SYSTEM : `${SYSTEM}\nThe JSON must match this schema: ${JSON.stringify(schema.jsonSchema)}`;
    let body: unknown;
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          model,
          messages: [
            { role: 'system', content: `Task: ${task}\n${system}` },
            { role: 'user', content: JSON.stringify(brief) },
          ],
          response_format,
          temperature: 0.7,
          ...(seed ? { seed: numericSeed(seed) } : {}),
        }),
        // Covers the whole exchange, reading the body included.
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new AiProviderError(`the AI provider answered HTTP ${response.status}: ${detail.slice(0, 200)}`, response.status);
      }
      body = await response.json();
    } catch (err) {
      if (err instanceof AiProviderError) throw err;
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new AiProviderError(`the AI provider did not answer within ${timeoutMs} ms`);
      throw new AiProviderError(`the AI provider could not be reached or answered badly: ${(err as Error)?.message ?? String(err)}`);
    }
    const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AiProviderError('the AI provider answered without message content');
    let json: unknown;
    try {
      json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new AiProviderError('the AI provider answered with malformed JSON');
    }
    const parsed = schema.zod.safeParse(json);
    if (!parsed.success) throw new AiProviderError(`the AI provider's JSON does not match ${task}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return { value: parsed.data as TaskAnswer<K>, usage: usageOf(body), model: modelOf(body, model), fellBack: false };
  }
}

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
