import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AI_ERROR_CODES,
  AI_TEXT,
  stripHtml,
  type CategoryCopyResponse,
  type ProductContentResponse,
  type ProductDraft,
  type QuickWinsResponse,
  type SuggestGoal,
  type SuggestResponse,
} from '@shared/ai';
import { api, ApiError } from './api';

/** Kept here, not in query-keys.ts: that module ships in the app's entry, which the product page's budget counts (decision 004). */
export const aiKeys = {
  /** Store Brain suggestions (quick wins); loaded afresh each time the panel opens. */
  quickWins: ['ai', 'quick-wins'] as const,
  productSuggestions: (productId: string) => ['ai', 'product-suggestions', productId] as const,
  /** The product wizard's category select: under ['admin', 'categories'], so category saves refresh it. */
  wizardCategories: ['admin', 'categories', 'wizard-options'] as const,
};

/**
 * Store Brain's suggestions (POST /api/ai/assistant, insights.quick_wins). Not kept once the panel
 * closes (gcTime 0), so every opening loads them afresh (storefront spec §2).
 */
export function useQuickWins(enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.quickWins,
    queryFn: () => api<QuickWinsResponse>('POST', '/api/ai/assistant', { intent: 'insights.quick_wins', horizon: '30d', context: { page: 'dashboard' } }),
    enabled,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export interface ProductCopyRequest {
  draft: ProductDraft;
  tenant: { id: string; slug: string };
  seed?: string;
}

/** A product copy answer with no sections counts as a failure (admin spec §8). */
export class MissingSectionsError extends Error {}

/** POST /api/ai/content (product wizard). Every text is cleaned of HTML before the wizard uses it. */
export function useGenerateProductCopy() {
  return useMutation({
    mutationFn: async ({ draft, tenant, seed }: ProductCopyRequest) => {
      const answer = await api<Partial<ProductContentResponse>>('POST', '/api/ai/content', {
        intent: 'product.generate',
        productDraft: draft,
        tenant,
        guidelines: {},
        ...(seed ? { seed } : {}),
      });
      if (!answer || !answer.sections) throw new MissingSectionsError('no sections');
      const s = answer.sections;
      return {
        ...(answer as ProductContentResponse),
        sections: {
          title: stripHtml(s.title ?? ''),
          subtitle: stripHtml(s.subtitle ?? ''),
          description_md: stripHtml(s.description_md ?? ''),
          bullets: (s.bullets ?? []).map(stripHtml).filter(Boolean),
          specs: (s.specs ?? []).map((x) => ({ name: stripHtml(x.name), value: stripHtml(x.value) })),
          seo: { title: stripHtml(s.seo?.title ?? ''), description: stripHtml(s.seo?.description ?? ''), keywords: (s.seo?.keywords ?? []).map(stripHtml).filter(Boolean) },
        },
      };
    },
  });
}

/**
 * The text a failed product-copy call shows (admin spec §8): the missing-key text, the default for
 * ai_unavailable or any 503, otherwise the server's own message when it sent one.
 */
export function aiFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === AI_ERROR_CODES.missingKey) return AI_TEXT.missingKey;
    if (error.code === AI_ERROR_CODES.unavailable || error.status === 503) return AI_TEXT.unavailable;
    if (error.status !== 0 && error.code !== 'http_error' && error.message) return error.message;
    if (error.status === 0) return error.message;
  }
  return AI_TEXT.unavailable;
}

/** POST /api/ai/assistant, category copy (the category wizard's step 2). */
export function useGenerateCategoryCopy() {
  return useMutation({
    mutationFn: (fields: { name: string; seed_description: string }) =>
      api<CategoryCopyResponse>('POST', '/api/ai/assistant', { intent: 'content.generate', context: { page: 'category' }, input: { type: 'category', fields } }),
  });
}

export interface SuggestRequest {
  goal: SuggestGoal;
  field: string;
  productId?: string | null;
  /** The form's other fields. */
  context: Record<string, string | number | boolean | null | string[]>;
}

/** POST /api/ai/suggest: one product-form field (features come one per line). */
export function useSuggestField() {
  return useMutation({
    mutationFn: async ({ goal, field, productId, context }: SuggestRequest) => {
      const answer = await api<SuggestResponse>('POST', '/api/ai/suggest', { subject: 'product', subject_id: productId ?? null, field, goal, context });
      return stripHtml(answer.suggestion ?? '');
    },
  });
}

export interface CategoryOption {
  id: string;
  name: string;
}

/**
 * The product wizard's category select: GET /api/admin/categories, flattened (a tree's children are
 * listed after their parent). Any failure leaves the list empty ('No categories available').
 */
export function useWizardCategories(enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.wizardCategories,
    queryFn: async (): Promise<CategoryOption[]> => {
      type Node = { id: string; name: string; children?: Node[] };
      const answer = await api<{ categories?: Node[] }>('GET', '/api/admin/categories').catch(() => ({ categories: [] as Node[] }));
      const out: CategoryOption[] = [];
      const walk = (nodes: Node[], depth: number) => {
        for (const n of nodes) {
          out.push({ id: n.id, name: depth ? `${'— '.repeat(depth)}${n.name}` : n.name });
          if (n.children?.length) walk(n.children, depth + 1);
        }
      };
      walk(answer.categories ?? [], 0);
      return out;
    },
    enabled,
    retry: false,
  });
}

/** POST /api/admin/products from the wizard's review step; product lists are refreshed after it. */
export function useCreateWizardProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<{ product?: { id: string; slug?: string; name?: string } }>('POST', '/api/admin/products', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      void queryClient.invalidateQueries({ queryKey: aiKeys.quickWins });
    },
  });
}

/**
 * What the assistant suggests for one product (POST /api/ai/assistant, content.generate on the product
 * page with fields.action 'suggestions', admin spec §7): asked when the person asks, not on every visit
 * (each answer counts against their AI allowance).
 */
export function useProductSuggestions(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.productSuggestions(productId),
    queryFn: () =>
      api<QuickWinsResponse>('POST', '/api/ai/assistant', {
        intent: 'content.generate',
        context: { page: 'product', entityId: productId },
        input: { type: 'product', entityId: productId, fields: { action: 'suggestions' } },
      }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
