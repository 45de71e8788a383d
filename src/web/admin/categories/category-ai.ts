import { api, ApiError } from '@/lib/api';
import { fallbackCategoryCopy, readAssistantResult, type CategoryCopy } from './category-copy';

/**
 * Spec §7: POST /api/ai/assistant { intent 'content.generate', context { page 'category' }, input { type
 * 'category', fields { name, seed_description } } }. An answer that is not OK (any HTTP error, or one
 * without the copy) gives the local fallback copy at 70%; a thrown error (the server could not be
 * reached) is passed on, so the wizard shows its failure state.
 */
export async function generateCategoryCopy(name: string, seedDescription: string): Promise<CategoryCopy> {
  let data: unknown;
  try {
    data = await api<unknown>('POST', '/api/ai/assistant', {
      intent: 'content.generate',
      context: { page: 'category' },
      input: { type: 'category', fields: { name, seed_description: seedDescription } },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) return fallbackCategoryCopy(name, seedDescription);
    throw error;
  }
  return readAssistantResult(data) ?? fallbackCategoryCopy(name, seedDescription);
}
