import { z } from 'zod';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { AI_CONFIDENCE } from '../../../shared/ai';

// What the OpenAI-compatible provider must answer, once, in Zod: the API's structured output schema
// is made from it (zodResponseFormat, strict mode: every property required, no others) and it checks
// what actually came back. Checks beyond the shape are refinements, which JSON Schema leaves out: the
// API's strict mode accepts only a subset of JSON Schema, and local servers even less. Lengths are
// not checked here: the writer cleans and cuts text itself.

const text = z.string();
const filled = z.string().refine((s) => s.trim() !== '', 'must not be empty');
const nameValue = z.object({ name: text, value: text });
/** A server in json_object mode may leave the confidence out: the default stands in. */
const confidence = z.preprocess((v) => v ?? AI_CONFIDENCE.default, z.number().refine((n) => n >= 0 && n <= 1, 'must be between 0 and 1'));

/** A task's Zod schema and the response_format made from it, named after the task. */
const task = <S extends z.ZodType>(name: string, zod: S) => ({ zod, responseFormat: zodResponseFormat(zod, name) as ResponseFormatJSONSchema });

export const TASKS = {
  product_copy: task(
    'product_copy',
    z.object({
      title: filled,
      subtitle: text,
      description_md: filled,
      bullets: z.array(text),
      specs: z.array(nameValue),
      seo: z.object({ title: filled, description: filled, keywords: z.array(text) }),
    }),
  ),
  category_copy: task('category_copy', z.object({ description: filled, meta_title: filled, meta_description: filled, confidence })),
  field_suggestion: task('field_suggestion', z.object({ suggestion: filled })),
  insight_phrases: task('insight_phrases', z.object({ items: z.array(z.object({ id: text, title: filled, description: text, cta: filled })) })),
};

export type TaskName = keyof typeof TASKS;
export type TaskAnswer<K extends TaskName> = z.infer<(typeof TASKS)[K]['zod']>;
