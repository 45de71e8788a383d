import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith } from '../../http/guards';
import { AppError, badRequest, fieldsFromIssues, forbidden } from '../../http/errors';
import type { CategoryCopyResponse, ProductContentResponse, QuickWinsResponse, SuggestResponse } from '../../../shared/ai';
import {
  assistantResponse,
  contentBody,
  parseAssistantBody,
  productContentResponse,
  suggestBody,
  suggestResponse,
  type AssistantRequest,
} from '../../../shared/ai-schemas';
import type { AiResult } from '../../adapters/ai/ai';
import { productFindings, spendAiAllowance, storeFindings, suggestionContext, toWins } from './service';

/** A provider failure the built-in writer covered: the browser gets copy, the log gets the reason. */
function logFallback(log: FastifyBaseLogger, result: AiResult<unknown>): void {
  if (result.failure) log.warn({ reason: result.failure }, 'AI provider failed; the built-in writer answered (fellBack: true)');
}

/** The first generation has a fixed seed; Regenerate sends a fresh one (admin spec §4). */
const seedOf = (seed: string | number | undefined) => String(seed ?? 'first');

/**
 * AI copy and Store Brain (admin spec §7 "Catalogue and AI", storefront spec §7). Store managers only;
 * staff get 403. The AI call runs after the guard's short transaction, so a slow provider holds no
 * database connection. Failures: 503 missing_api_key or ai_unavailable (create-ai-writer.ts), 429
 * past the per-person allowance.
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/ai/content', { schema: { body: contentBody, response: { 200: productContentResponse } } }, async (req): Promise<ProductContentResponse> => {
    await asMemberWith(req, 'products', async (ctx) => {
      // The client names its store for the spec's sake; the host (or chosen store) decides. A different
      // store's id is refused rather than quietly ignored, so a confused client learns of it.
      if (req.body.tenant && req.body.tenant.id !== ctx.tenantId) throw forbidden('This request names a different store.');
      await spendAiAllowance(ctx);
    });
    const result = await app.deps.ai.productCopy(req.body.productDraft, seedOf(req.body.seed));
    logFallback(req.log, result);
    return { sections: result.value, usage: result.usage, model: result.model, fellBack: result.fellBack };
  });

  app.post('/api/ai/assistant', { schema: { body: z.record(z.string(), z.unknown(), { error: 'Send a JSON object' }), response: { 200: assistantResponse } } }, async (req): Promise<CategoryCopyResponse | QuickWinsResponse> => {
    const request = parseAssistant(req.body);
    if (request.kind === 'category') {
      await asMemberWith(req, 'products', spendAiAllowance);
      const result = await app.deps.ai.categoryCopy(request.body.input.fields, seedOf(request.body.seed));
      logFallback(req.log, result);
      return { result: result.value, model: result.model, fellBack: result.fellBack };
    }
    const findings = await asMemberWith(req, 'products', async (ctx) => {
      const found = request.kind === 'product' ? await productFindings(ctx, request.body.context.entityId) : await storeFindings(ctx);
      await spendAiAllowance(ctx);
      return found;
    });
    if (findings.length === 0) return { result: { wins: [] }, model: 'none', fellBack: false };
    const result = await app.deps.ai.phraseInsights(findings);
    logFallback(req.log, result);
    return { result: { wins: toWins(findings, result.value) }, model: result.model, fellBack: result.fellBack };
  });

  app.post('/api/ai/suggest', { schema: { body: suggestBody, response: { 200: suggestResponse } } }, async (req): Promise<SuggestResponse> => {
    const context = await asMemberWith(req, 'products', async (ctx) => {
      const found = await suggestionContext(ctx, req.body);
      await spendAiAllowance(ctx);
      return found;
    });
    const result = await app.deps.ai.fieldSuggestion({ goal: req.body.goal, field: req.body.field, context });
    logFallback(req.log, result);
    return { suggestion: result.value, model: result.model, fellBack: result.fellBack };
  });
};

/** The assistant's request, checked against the schema its intent and input.type name (400 otherwise). */
function parseAssistant(raw: unknown): AssistantRequest {
  const parsed = parseAssistantBody(raw);
  if (!parsed) {
    throw badRequest('Unknown assistant request: send intent content.generate (input.type category or product) or insights.quick_wins.', { intent: 'Unknown intent or input type' });
  }
  if ('issues' in parsed) throw new AppError(400, 'invalid_input', 'Some fields are missing or invalid.', fieldsFromIssues(parsed.issues));
  const { request } = parsed;
  if (request.kind === 'product' && request.body.input.entityId && request.body.input.entityId !== request.body.context.entityId) {
    throw badRequest('input.entityId and context.entityId name different products.', { 'input.entityId': 'Must match context.entityId' });
  }
  return request;
}
