import { AI_CONFIDENCE, clipAtWord, META_DESCRIPTION_MAX, META_TITLE_MAX, stripHtml, type AiUsage, type NameValue, type ProductCopySections, type ProductDraft } from '../../../shared/ai';
import { estimateTokens, type AiResult, type AiWriter, type CategoryInput, type FieldSuggestionInput, type InsightFinding, type InsightPhrase } from './ai';
import * as P from './builtin-phrases';

export const BUILTIN_MODEL = 'builtin-writer-1';

/** FNV-1a, then mulberry32: a small seeded generator, so the same seed always writes the same copy. */
function seeded(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with the seeded generator. */
function shuffle<T>(list: readonly T[], rand: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sentence = (s: string) => {
  const t = s.trim();
  if (!t) return '';
  return capitalise(/[.!?]$/.test(t) ? t : `${t}.`);
};
/** Plain single-line text from anything a person typed. */
const plain = (s: string | null | undefined) => stripHtml(s ?? '').replace(/\s+/g, ' ').trim();

/** "A", "A and B", "A, B and C", "A, B and 4 more". */
export function listNames(names: string[], total: number): string {
  const shown = names.slice(0, 3);
  const rest = total - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

const usage = (input: string, output: string): AiUsage => {
  const prompt = estimateTokens(input);
  const completion = estimateTokens(output);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

/**
 * The built-in writer (DESIGN rule 7): no account, no network. It writes UK-English copy from the
 * fields it is given, deterministic for a seed and varied across seeds, as plain text (never HTML),
 * with SEO fields cut at word boundaries to the spec's 60 and 160 characters.
 */
export class BuiltinWriter implements AiWriter {
  readonly provider = 'builtin' as const;

  async productCopy(draft: ProductDraft, seed: string): Promise<AiResult<ProductCopySections>> {
    const value = writeProductCopy(draft, seed);
    return { value, usage: usage(JSON.stringify(draft), JSON.stringify(value)), model: BUILTIN_MODEL, fellBack: false };
  }

  async categoryCopy(input: CategoryInput, seed: string) {
    const rand = seeded(`${seed}|${input.name}`);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const name = plain(input.name);
    const seedText = sentence(plain(input.seed_description));
    const description = [fill(pick(P.CATEGORY_OPENERS), { name: name.toLowerCase() }), seedText, pick(P.CATEGORY_CLOSERS)].filter(Boolean).join(' ');
    const value = {
      description,
      meta_title: clipAtWord(`${name} | Shop ${name} Online`, META_TITLE_MAX),
      meta_description: clipAtWord(`${seedText} ${pick(P.SEO_HOOKS)}`, META_DESCRIPTION_MAX),
      confidence: AI_CONFIDENCE.default,
    };
    return { value, usage: usage(JSON.stringify(input), JSON.stringify(value)), model: BUILTIN_MODEL, fellBack: false };
  }

  async fieldSuggestion(input: FieldSuggestionInput) {
    const value = suggestField(input);
    return { value, usage: usage(JSON.stringify(input), value), model: BUILTIN_MODEL, fellBack: false };
  }

  async phraseInsights(findings: InsightFinding[]) {
    const value = findings.map(phraseFinding);
    return { value, usage: usage(JSON.stringify(findings), JSON.stringify(value)), model: BUILTIN_MODEL, fellBack: false };
  }
}

export function writeProductCopy(draft: ProductDraft, seed: string): ProductCopySections {
  const rand = seeded(`${seed}|${draft.name}|${draft.tone}|${draft.target_audience}`);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const name = plain(draft.name);
  const brand = plain(draft.brand);
  const category = plain(draft.category);
  const audience = P.AUDIENCE_NAMES[draft.target_audience];
  const specs: NameValue[] = draft.specs.map((s) => ({ name: plain(s.name), value: plain(s.value) })).filter((s) => s.name && s.value);
  const values = { name, Category: category ? `our ${category}` : 'our', audience };
  const seedText = sentence(plain(draft.seed_description));

  const title = brand && !name.toLowerCase().includes(brand.toLowerCase()) ? `${brand} ${name}` : name;
  const subtitle = fill(pick(P.SUBTITLES[draft.tone]), values);
  const specLine = specs.length
    ? sentence(`At a glance: ${specs.slice(0, 4).map((s) => `${s.name.toLowerCase()} ${s.value}`).join('; ')}`)
    : '';
  const paragraphs = [
    [fill(pick(P.OPENERS[draft.tone]), values), seedText].filter(Boolean).join(' '),
    [pick(P.AUDIENCE_LINES[draft.target_audience]), specLine].filter(Boolean).join(' '),
    pick(P.CLOSERS[draft.tone]),
  ];
  const description_md = draft.tone === 'concise' ? paragraphs.slice(0, 2).join('\n\n') : paragraphs.join('\n\n');

  const benefits = shuffle(P.AUDIENCE_BENEFITS[draft.target_audience], rand);
  const bullets = [...specs.slice(0, 3).map((s) => `${s.name}: ${s.value}`), ...benefits].slice(0, 5);
  const suggestedSpecs = brand && !specs.some((s) => s.name.toLowerCase() === 'brand') ? [{ name: 'Brand', value: brand }, ...specs] : specs;

  // "Title | Brand", or "| Category" when the title already names the brand.
  const suffix = brand && !title.toLowerCase().includes(brand.toLowerCase()) ? brand : category;
  const seoTitleFull = suffix ? `${title} | ${suffix}` : title;
  const seoTitle = seoTitleFull.length <= META_TITLE_MAX ? seoTitleFull : clipAtWord(title, META_TITLE_MAX);
  const keywords = [...new Set([name.toLowerCase(), category.toLowerCase(), brand.toLowerCase(), brand ? `${brand} ${name}`.toLowerCase() : `buy ${name.toLowerCase()}`, `${name.toLowerCase()} uk`, ...specs.slice(0, 3).map((s) => s.value.toLowerCase())])]
    .filter((k) => k && k.length <= 60)
    .slice(0, 8);

  return {
    title,
    subtitle,
    description_md,
    bullets,
    specs: suggestedSpecs,
    seo: { title: seoTitle, description: clipAtWord(`${seedText} ${pick(P.SEO_HOOKS)}`, META_DESCRIPTION_MAX), keywords },
  };
}

const text = (v: unknown) => (typeof v === 'string' ? plain(v) : Array.isArray(v) ? v.map((x) => plain(String(x))).join(' ') : '');

/** One product-form field from the form's other fields. */
function suggestField({ goal, context }: FieldSuggestionInput): string {
  const name = text(context.name) || text(context.title) || text(context.description).split(/[.!?]/)[0]?.slice(0, 80) || 'Product';
  const description = text(context.description) || text(context.seed_description) || name;
  const draft: ProductDraft = {
    name,
    seed_description: description.length > 400 ? clipAtWord(description, 400) : description,
    category: text(context.category) || null,
    price: null,
    sku: text(context.sku) || null,
    brand: text(context.brand) || null,
    specs: [],
    tone: 'friendly',
    target_audience: 'retail',
  };
  const copy = writeProductCopy(draft, `${goal}|${text(context.seed) || ''}`);
  switch (goal) {
    case 'product_title':
      return clipAtWord(copy.title, 120);
    case 'product_description':
      return copy.description_md;
    case 'product_features': {
      const existing = Array.isArray(context.bullets) ? context.bullets.map((b) => plain(String(b))).filter(Boolean) : [];
      return [...new Set([...existing, ...copy.bullets])].slice(0, 6).join('\n');
    }
    case 'seo_title':
      return copy.seo.title;
    case 'seo_description': {
      const first = description.split(/(?<=[.!?])\s/)[0];
      return clipAtWord(`${sentence(first)} ${P.SEO_HOOKS[0]}`, META_DESCRIPTION_MAX);
    }
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Store Brain wording for one fact; the numbers and names come from the store's data. */
export function phraseFinding(f: InsightFinding): InsightPhrase {
  const names = listNames(f.examples, f.count);
  const one = f.productName !== undefined;
  switch (f.kind) {
    case 'missing_description':
      return one
        ? { id: f.id, title: 'Add a product description', description: `${f.productName} has no description yet. A few clear sentences help shoppers decide and help search engines find it.`, cta: 'Write a description' }
        : {
            id: f.id,
            title: `${f.count} ${plural(f.count, 'product needs a description', 'products need descriptions')}`,
            description: `${names} ${plural(f.count, 'has', 'have')} no description. Good copy helps shoppers decide and helps search engines find you.`,
            cta: plural(f.count, 'Write a description', 'Write descriptions'),
          };
    case 'missing_images':
      return one
        ? { id: f.id, title: 'Add product images', description: `${f.productName} has no pictures. Products with clear photos sell far better.`, cta: 'Add images' }
        : {
            id: f.id,
            title: `${f.count} ${plural(f.count, 'product has no images', 'products have no images')}`,
            description: `Products with clear photos sell far better. Add at least one picture to ${names}.`,
            cta: 'Add images',
          };
    case 'missing_meta':
      return one
        ? { id: f.id, title: 'Complete the SEO details', description: `${f.productName} is missing a meta title or description, so search engines guess what to show.`, cta: 'Add SEO details' }
        : {
            id: f.id,
            title: `${f.count} ${plural(f.count, 'product is', 'products are')} missing SEO details`,
            description: `${names} ${plural(f.count, 'has', 'have')} no meta title or description, so search engines guess what to show.`,
            cta: 'Add SEO details',
          };
    case 'low_stock':
      return one
        ? { id: f.id, title: 'Stock is running low', description: `${names}. Restock soon so shoppers can keep ordering.`, cta: 'Restock now' }
        : {
            id: f.id,
            title: `${f.count} ${plural(f.count, 'product is', 'products are')} running low on stock`,
            description: `${names}. Restock soon so you do not miss orders.`,
            cta: 'Restock now',
          };
    case 'empty_categories':
      return {
        id: f.id,
        title: `${f.count} ${plural(f.count, 'category has', 'categories have')} no products`,
        description: `${names} ${plural(f.count, 'is', 'are')} empty. Add products or tidy ${plural(f.count, 'it', 'them')} away so shoppers never reach a dead end.`,
        cta: 'Organise categories',
      };
    case 'no_category':
      return { id: f.id, title: 'Put this product in a category', description: `${f.productName ?? names} is not in any category, so shoppers browsing your range will not find it.`, cta: 'Choose a category' };
  }
}
