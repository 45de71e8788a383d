import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { AI_ERROR_CODES, AI_TEXT } from '../../../shared/ai';
import type { AiResult, AiWriter } from './ai';
import { BuiltinWriter } from './builtin-writer';
import { OpenAiWriter } from './openai-writer';

/** 503 missing_api_key: AI_PROVIDER=openai but no OPENAI_API_KEY (admin spec §8's text). */
export const missingApiKey = () => new AppError(503, AI_ERROR_CODES.missingKey, AI_TEXT.missingKey);
/** 503 ai_unavailable: the provider failed and falling back is switched off (AI_FALLBACK=false). */
export const aiUnavailable = () => new AppError(503, AI_ERROR_CODES.unavailable, AI_TEXT.unavailable);

type Method = 'productCopy' | 'categoryCopy' | 'fieldSuggestion' | 'phraseInsights';
const METHODS: Method[] = ['productCopy', 'categoryCopy', 'fieldSuggestion', 'phraseInsights'];

/**
 * A provider that may fail, backed by the built-in writer: on any failure the built-in writer answers
 * with fellBack: true (and the reason, for the log), or with fallback off the call fails with 503
 * ai_unavailable.
 */
export function withFallback(primary: AiWriter, fallback: AiWriter | null): AiWriter {
  const wrapped = { provider: primary.provider } as AiWriter;
  for (const method of METHODS) {
    (wrapped as unknown as Record<Method, (...args: unknown[]) => Promise<AiResult<unknown>>>)[method] = async (...args: unknown[]) => {
      const call = (w: AiWriter) => (w[method] as (...a: unknown[]) => Promise<AiResult<unknown>>).apply(w, args);
      try {
        return await call(primary);
      } catch (err) {
        if (!fallback) throw aiUnavailable();
        const answer = await call(fallback);
        return { ...answer, fellBack: true, failure: (err as Error)?.message ?? String(err) };
      }
    };
  }
  return wrapped;
}

/** Every call answers 503 missing_api_key: the operator asked for a provider that cannot be used. */
export function missingKeyWriter(): AiWriter {
  const fail = async () => {
    throw missingApiKey();
  };
  return { provider: 'openai', productCopy: fail, categoryCopy: fail, fieldSuggestion: fail, phraseInsights: fail };
}

/**
 * The AI writer the configuration asks for (DESIGN rule 7): the built-in writer by default; the
 * OpenAI-compatible provider when OPENAI_API_KEY is set (or AI_PROVIDER=openai), falling back to the
 * built-in writer unless AI_FALLBACK=false.
 */
export function createAiWriter(ai: Config['ai']): AiWriter {
  if (ai.provider === 'builtin') return new BuiltinWriter();
  if (!ai.openai.apiKey) return missingKeyWriter();
  const provider = new OpenAiWriter({ apiKey: ai.openai.apiKey, baseUrl: ai.openai.baseUrl, model: ai.openai.model, timeoutMs: ai.timeoutMs, jsonMode: ai.openai.jsonMode });
  return withFallback(provider, ai.fallback ? new BuiltinWriter() : null);
}
