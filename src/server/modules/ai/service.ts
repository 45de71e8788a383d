import { z } from 'zod';
import type { TenantCtx } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { AI_TEXT, type QuickWin, type QuickWinImpact } from '../../../shared/ai';
import type { SuggestBody } from '../../../shared/ai-schemas';
import type { InsightFinding, InsightKind } from '../../adapters/ai/ai';
import { spendStoreAllowance, type Limit } from '../limits';
import * as repo from '../catalogue';

/** Per person and store: AI calls cost money on a real provider, so a runaway client is stopped. */
export const AI_CALLS_PER_WINDOW = 30;
export const AI_WINDOW_MS = 60_000;
const AI_LIMIT: Limit = { bucket: 'ai', max: AI_CALLS_PER_WINDOW, windowMs: AI_WINDOW_MS, message: AI_TEXT.rateLimited };

/** Counts this call against the person's allowance (in the database, so every server agrees). */
export async function spendAiAllowance(ctx: TenantCtx): Promise<void> {
  await spendStoreAllowance(ctx.tx, ctx.tenantId, AI_LIMIT, ctx.actor.userId);
}

const PRODUCTS = '/admin/catalogue/products';
const editProduct = (id: string) => `${PRODUCTS}/${id}/edit`;

/** Fixed by the kind of fact: how much it matters, how sure we are, whether it is a to-do. */
const KINDS: Record<InsightKind, { impact: QuickWinImpact; confidence: number; type: 'insight' | 'action' }> = {
  low_stock: { impact: 'high', confidence: 0.95, type: 'action' },
  missing_description: { impact: 'high', confidence: 0.9, type: 'action' },
  missing_images: { impact: 'high', confidence: 0.88, type: 'action' },
  missing_meta: { impact: 'med', confidence: 0.8, type: 'insight' },
  no_category: { impact: 'med', confidence: 0.75, type: 'insight' },
  empty_categories: { impact: 'low', confidence: 0.65, type: 'insight' },
};
const IMPACT_ORDER: Record<QuickWinImpact, number> = { high: 0, med: 1, low: 2 };

function finding(kind: InsightKind, gap: repo.Gap, href: string | null, productName?: string): InsightFinding {
  return { id: kind.replace(/_/g, '-'), kind, count: gap.total, examples: gap.names, href, ...KINDS[kind], ...(productName !== undefined ? { productName } : {}) };
}

/** The store's quick wins as facts, most important first (only kinds with something to do). */
export async function storeFindings(ctx: TenantCtx): Promise<InsightFinding[]> {
  const g = await repo.storeGaps(ctx);
  const productHref = (gap: repo.Gap) => (gap.total === 1 && gap.firstId ? editProduct(gap.firstId) : PRODUCTS);
  const all = [
    finding('low_stock', g.lowStock, PRODUCTS),
    finding('missing_description', g.missingDescription, productHref(g.missingDescription)),
    finding('missing_images', g.missingImages, productHref(g.missingImages)),
    finding('missing_meta', g.missingMeta, productHref(g.missingMeta)),
    finding('empty_categories', g.emptyCategories, '/admin/catalogue/categories'),
  ];
  return all.filter((f) => f.count > 0).sort((a, b) => IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] || b.confidence - a.confidence);
}

/** One product's suggestions; another store's product (or a malformed id) is the same 404. */
export async function productFindings(ctx: TenantCtx, productId: string): Promise<InsightFinding[]> {
  const p = z.uuid().safeParse(productId).success ? await repo.productGaps(ctx, productId) : null;
  if (!p) throw notFound('Product not found');
  const one = (names: string[] = [p.name]): repo.Gap => ({ total: 1, names, firstId: p.id });
  const href = editProduct(p.id);
  const list: InsightFinding[] = [];
  if (p.lowStock) list.push(finding('low_stock', one([`${p.name} has ${p.stock_quantity} left`]), PRODUCTS, p.name));
  if (p.missingDescription) list.push(finding('missing_description', one(), href, p.name));
  if (p.missingImages) list.push(finding('missing_images', one(), href, p.name));
  if (p.missingMeta) list.push(finding('missing_meta', one(), href, p.name));
  if (p.noCategory) list.push(finding('no_category', one(), href, p.name));
  return list;
}

/** Facts plus the writer's words: ids, numbers, impact, confidence and links stay the data's own. */
export function toWins(findings: InsightFinding[], phrases: { id: string; title: string; description: string; cta: string }[]): QuickWin[] {
  const byId = new Map(phrases.map((p) => [p.id, p]));
  return findings.map((f) => {
    const words = byId.get(f.id);
    return { id: f.id, title: words?.title ?? f.kind, cta: words?.cta ?? 'Review', description: words?.description ?? '', impact: f.impact, confidence: f.confidence, type: f.type, href: f.href };
  });
}

type Context = SuggestBody['context'];

/**
 * The product form's fields as the writer's context: the saved product (when subject_id names one of
 * this store's) under what the form sends now. Needs a name or description to work from.
 */
export async function suggestionContext(ctx: TenantCtx, body: SuggestBody): Promise<Context> {
  let context: Context = { ...body.context };
  if (body.subject_id) {
    const saved = z.uuid().safeParse(body.subject_id).success ? await repo.productForContext(ctx, body.subject_id) : null;
    if (!saved) throw notFound('Product not found');
    context = { ...saved, ...Object.fromEntries(Object.entries(context).filter(([, v]) => v !== null && v !== '')) };
  }
  const has = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : false);
  if (!has(context.name) && !has(context.description)) {
    throw badRequest('Add a product name or description first, so there is something to work from.', { context: 'Add a product name or description first' });
  }
  return context;
}
