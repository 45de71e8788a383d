import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_CONFIDENCE, type ProductDraft } from '../../../shared/ai';
import { AppError } from '../../http/errors';
import { AiProviderError } from './ai';
import { BUILTIN_MODEL, BuiltinWriter } from './builtin-writer';
import { createAiWriter, withFallback } from './create-ai-writer';
import { FAKE_OPENAI_MODEL, startFakeOpenAi, type FakeOpenAi } from './fake-openai';
import { OpenAiWriter } from './openai-writer';
import { TASKS } from './openai-schemas';
import { loadConfig } from '../../config';

const draft: ProductDraft = {
  name: 'Oak Chopping Board',
  seed_description: 'Solid oak board, oiled by hand.',
  category: 'Kitchen',
  price: 35,
  sku: 'OAK-1',
  brand: 'Timberline',
  specs: [{ name: 'Size', value: '40 x 30 cm' }],
  tone: 'friendly',
  target_audience: 'retail',
};

let fake: FakeOpenAi;
const writer = (over: Partial<{ apiKey: string; timeoutMs: number; jsonMode: 'json_schema' | 'json_object' }> = {}) =>
  new OpenAiWriter({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'gpt-test', timeoutMs: 2000, jsonMode: 'json_schema', ...over });

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

describe('OpenAI-compatible provider against a local fake server', () => {
  it('sends a structured-output chat request with the key and model, and answers cleaned copy within the limits', async () => {
    const result = await writer().productCopy(draft, 'seed-1');
    const request = fake.requests[0];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.body.model).toBe('gpt-test');
    expect(request.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'product_copy', strict: true } });
    expect(request.body.messages?.[0].content).toMatch(/British English/);
    expect(JSON.parse(request.body.messages![1].content)).toMatchObject({ name: draft.name, brand: 'Timberline' });

    expect(result.fellBack).toBe(false);
    expect(result.model).toBe(FAKE_OPENAI_MODEL);
    expect(result.usage).toEqual({ prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 });
    const s = result.value;
    expect(s.title).toBe('Model Written Title');
    expect(s.description_md).not.toMatch(/[<>]|alert/);
    expect(s.description_md).toContain('lovely colour');
    expect(s.bullets).toEqual(['Durable aluminium frame', 'Organised storage']);
    expect(s.seo.title.length).toBeLessThanOrEqual(60);
    expect(s.seo.description.length).toBeLessThanOrEqual(160);
    // Cut at a word boundary: the last word is a whole word of the original.
    expect('An SEO title from the model that is far too long for search engines to show'.startsWith(s.seo.title)).toBe(true);
    expect(s.seo.keywords).toEqual(['model keyword', 'tagged']);
  });

  it('asks for a JSON object with the schema in the prompt when OPENAI_JSON_MODE is json_object', async () => {
    const result = await writer({ jsonMode: 'json_object' }).categoryCopy({ name: 'Kitchen', seed_description: 'Boards and knives' }, 's');
    expect(fake.requests[0].body.response_format).toEqual({ type: 'json_object' });
    expect(fake.requests[0].body.messages?.[0].content).toMatch(/Task: category_copy[\s\S]*must match this schema/);
    expect(result.value).toMatchObject({ description: 'Model category description with emphasis.', confidence: 0.92 });
  });

  it('keeps the data-driven ids and takes only words from the model for insights', async () => {
    const result = await writer().phraseInsights([
      { id: 'missing-description', kind: 'missing_description', count: 3, examples: ['A', 'B', 'C'], impact: 'high', confidence: 0.9, type: 'action', href: '/admin/x' },
    ]);
    expect(result.value).toEqual([{ id: 'missing-description', title: 'Model title for missing-description', description: 'Model wording about 3 items.', cta: 'Fix it now' }]);
  });

  it.each([
    ['malformed', /malformed JSON/],
    ['wrong_shape', /does not match product_copy/],
    ['unavailable', /HTTP 503/],
  ] as const)('fails with AiProviderError when the server answers %s', async (mode, message) => {
    fake.mode = mode;
    await expect(writer().productCopy(draft, 's')).rejects.toThrow(message);
    await expect(writer().productCopy(draft, 's')).rejects.toBeInstanceOf(AiProviderError);
  });

  it('gives up after the timeout', async () => {
    fake.mode = 'slow';
    fake.delayMs = 1500;
    const started = Date.now();
    await expect(writer({ timeoutMs: 200 }).productCopy(draft, 's')).rejects.toThrow(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('retries a 503 and answers from the next attempt', async () => {
    fake.mode = 'unavailable_once';
    const result = await writer().fieldSuggestion({ goal: 'seo_title', field: 'meta_title', context: { name: 'X' } });
    expect(result).toMatchObject({ value: 'Model suggestion text', fellBack: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up at the timeout while waiting to retry (a long Retry-After)', async () => {
    fake.mode = 'unavailable';
    fake.retryAfterMs = 5000;
    const started = Date.now();
    try {
      await expect(writer({ timeoutMs: 300 }).productCopy(draft, 's')).rejects.toThrow(/did not answer within 300 ms/);
    } finally {
      fake.retryAfterMs = 10;
    }
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.requests).toHaveLength(1);
  });

  it('asks for a schema made from the Zod one, within strict mode: every property required, no others, no length or range keywords', async () => {
    await writer().productCopy(draft, 's');
    const schema = fake.requests[0].body.response_format?.json_schema?.schema as Record<string, unknown>;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['title', 'subtitle', 'description_md', 'bullets', 'specs', 'seo'],
      additionalProperties: false,
      properties: { bullets: { type: 'array', items: { type: 'string' } }, seo: { required: ['title', 'description', 'keywords'], additionalProperties: false } },
    });
    const keywords = new Set<string>();
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        keywords.add(key);
        if (key !== 'required') walk(value);
      }
    };
    walk(schema);
    for (const unsupported of ['minLength', 'maxLength', 'minimum', 'maximum', 'default']) expect(keywords).not.toContain(unsupported);
  });

  it('checks answers beyond the shape: blank text refused, confidence within 0..1 and defaulted when left out', () => {
    expect(TASKS.field_suggestion.zod.safeParse({ suggestion: '  ' }).success).toBe(false);
    const category = { description: 'd', meta_title: 't', meta_description: 'm' };
    expect(TASKS.category_copy.zod.parse(category).confidence).toBe(AI_CONFIDENCE.default);
    expect(TASKS.category_copy.zod.safeParse({ ...category, confidence: 1.5 }).success).toBe(false);
  });

  it('fails on a wrong key (401)', async () => {
    await expect(writer({ apiKey: 'sk-wrong' }).productCopy(draft, 's')).rejects.toThrow(/HTTP 401/);
  });

  it('fails when nothing listens at the base URL', async () => {
    const dead = new OpenAiWriter({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000, jsonMode: 'json_schema' });
    await expect(dead.fieldSuggestion({ goal: 'seo_title', field: 'meta_title', context: { name: 'X' } })).rejects.toBeInstanceOf(AiProviderError);
  });
});

describe('falling back to the built-in writer', () => {
  it.each(['malformed', 'slow', 'unavailable'] as const)('answers built-in copy with fellBack: true when the server is %s', async (mode) => {
    fake.mode = mode;
    fake.delayMs = 1500;
    const result = await withFallback(writer({ timeoutMs: 200 }), new BuiltinWriter()).productCopy(draft, 's');
    expect(result).toMatchObject({ fellBack: true, model: BUILTIN_MODEL });
    expect(result.failure).toBeTruthy();
    expect(result.value.title).toBe('Timberline Oak Chopping Board');
  });

  it('answers 503 ai_unavailable when fallback is off', async () => {
    fake.mode = 'unavailable';
    const error = await withFallback(writer(), null).categoryCopy({ name: 'K', seed_description: 'x' }, 's').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: 'ai_unavailable', message: 'AI temporarily unavailable; please try again.' });
  });

  it('falls back on a wrong key too', async () => {
    const result = await withFallback(writer({ apiKey: 'sk-wrong' }), new BuiltinWriter()).fieldSuggestion({ goal: 'seo_title', field: 'meta_title', context: { name: 'Oak Board' } });
    expect(result.fellBack).toBe(true);
    expect(result.value).toContain('Oak Board');
  });
});

describe('choosing the writer from the configuration', () => {
  it('uses the built-in writer by default and OpenAI when a key is set', () => {
    expect(createAiWriter(loadConfig({}).ai).provider).toBe('builtin');
    expect(createAiWriter(loadConfig({ OPENAI_API_KEY: 'sk-x' }).ai).provider).toBe('openai');
    expect(createAiWriter(loadConfig({ OPENAI_API_KEY: 'sk-x', AI_PROVIDER: 'builtin' }).ai).provider).toBe('builtin');
  });

  it('answers 503 missing_api_key when AI_PROVIDER=openai has no key', async () => {
    const w = createAiWriter(loadConfig({ AI_PROVIDER: 'openai' }).ai);
    await expect(w.productCopy(draft, 's')).rejects.toMatchObject({ status: 503, code: 'missing_api_key', message: 'AI key not configured. Add OPENAI_API_KEY and redeploy before trying again.' });
  });

  it('goes through the configured base URL, model and timeout, end to end', async () => {
    const w = createAiWriter(loadConfig({ OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'my-model', AI_TIMEOUT_MS: '500' }).ai);
    const result = await w.fieldSuggestion({ goal: 'product_title', field: 'name', context: { name: 'x' } });
    expect(result).toMatchObject({ value: 'Model suggestion text', fellBack: false });
    expect(fake.requests[0].body.model).toBe('my-model');
  });
});
