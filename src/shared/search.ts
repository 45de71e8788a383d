import { SEARCH_MAX, type ImageRef } from './catalog';

// Storefront search: its bounds and the pure half of matching (docs/decisions/008). The database finds
// candidate words (search_terms) and matches products (search_matches); this decides which misspelt
// word may stand for which vocabulary word.

/**
 * Words of a search that count; later ones are ignored. Bounds the work of one request (each word is
 * looked up, and may be compared with the shop's vocabulary) while a pasted product title still works.
 */
export const SEARCH_TERMS_MAX = 10;

/**
 * Searches (GET /api/products with a q) per client address and window, counted in each server's
 * memory (decision 008). A shopper searches on Enter: even paging and re-sorting several searches
 * stays far below this; a script hammering uncached searches does not.
 */
export const SEARCH_RATE_LIMIT = { max: 120, windowSeconds: 60 } as const;

/**
 * Suggestions as a shopper types in the header's search (issue 27 item 8): from this many characters,
 * asked this long after the last key, at most this many products and categories, and a per-address
 * budget of its own (typing asks more often than searching).
 */
export const SUGGEST = { minLength: 2, debounceMs: 250, products: 5, categories: 3 } as const;
export const SUGGEST_RATE_LIMIT = { max: 300, windowSeconds: 60 } as const;

/** GET /api/search/suggestions */
export interface SearchSuggestions {
  products: { name: string; slug: string; price: number; sale_price: number | null; image: ImageRef | null }[];
  categories: { name: string; slug: string }[];
}

export const SEARCH_TEXT = {
  tooLong: `Search for at most ${SEARCH_MAX} characters.`,
  rateLimited: 'Too many searches from your address. Please wait a minute and try again.',
} as const;

/**
 * The words of a search as the database's text parser sees them: runs of letters and digits (so
 * "Seed-Mix" is "Seed" and "Mix", as in the product text), in Unicode's composed form, at most
 * SEARCH_TERMS_MAX. Case is left to the database, which lowercases both sides the same way.
 */
export function searchTokens(q: string): string[] {
  return (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_TERMS_MAX);
}

/**
 * How many typing slips a word may have and still match: none under 4 letters (too many short words
 * are one letter apart), one up to 7 letters, two from 8 ("teracota" for "terracotta").
 */
export function typoBudget(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two adjacent
 * letters each count 1 ("widlflower" is 1 from "wildflower"; Levenshtein would say 2). Compared by
 * Unicode code point, case-sensitively (callers pass lowercased words).
 */
export function osaDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  // Three rows of the dynamic-programming table: two back (for swaps), one back, and this one.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = new Array<number>(t.length + 1);
    row[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1);
    }
    before = previous;
    previous = row;
  }
  return previous[t.length];
}

/**
 * The vocabulary words a misspelt word stands for: those within its typo budget, keeping only the
 * closest (one slip beats two), so "teracotta" means "terracotta" and not every word two slips away.
 */
export function corrections(word: string, candidates: string[]): string[] {
  const budget = typoBudget(word);
  const scored = candidates.map((c) => ({ c, d: osaDistance(word, c) })).filter((x) => x.d > 0 && x.d <= budget);
  const best = Math.min(...scored.map((x) => x.d));
  return scored.filter((x) => x.d === best).map((x) => x.c);
}
