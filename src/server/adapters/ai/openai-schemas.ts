import { z } from 'zod';

// What the OpenAI-compatible provider must answer, twice: as JSON Schema for the API's structured
// output (strict mode: every property required, no others) and as Zod to check what actually came
// back. Lengths are not enforced here: the writer cleans and cuts text itself.

const str = { type: 'string' } as const;
const strList = { type: 'array', items: str } as const;
const object = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const nameValue = object({ name: str, value: str });

export const TASKS = {
  product_copy: {
    jsonSchema: object({
      title: str,
      subtitle: str,
      description_md: str,
      bullets: strList,
      specs: { type: 'array', items: nameValue },
      seo: object({ title: str, description: str, keywords: strList }),
    }),
    zod: z.object({
      title: z.string().min(1),
      subtitle: z.string(),
      description_md: z.string().min(1),
      bullets: z.array(z.string()),
      specs: z.array(z.object({ name: z.string(), value: z.string() })),
      seo: z.object({ title: z.string().min(1), description: z.string().min(1), keywords: z.array(z.string()) }),
    }),
  },
  category_copy: {
    jsonSchema: object({ description: str, meta_title: str, meta_description: str, confidence: { type: 'number' } }),
    zod: z.object({ description: z.string().min(1), meta_title: z.string().min(1), meta_description: z.string().min(1), confidence: z.number().min(0).max(1).optional() }),
  },
  field_suggestion: {
    jsonSchema: object({ suggestion: str }),
    zod: z.object({ suggestion: z.string().min(1) }),
  },
  insight_phrases: {
    jsonSchema: object({ items: { type: 'array', items: object({ id: str, title: str, description: str, cta: str }) } }),
    zod: z.object({ items: z.array(z.object({ id: z.string(), title: z.string().min(1), description: z.string(), cta: z.string().min(1) })) }),
  },
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskAnswer<K extends TaskName> = z.infer<(typeof TASKS)[K]['zod']>;
