import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { executePrepared } from '../../../db/prepared';
import { corrections, searchTokens, typoBudget } from '../../../../shared/search';

/**
 * A storefront search as search_matches() takes it (docs/decisions/008): tsquery texts assembled from
 * the pieces search_terms() answers, so every lexeme was quoted by PostgreSQL itself.
 */
export interface SearchMatch {
  /** Every word required: as typed (stemmed), as a prefix if last, or corrected. Null when no word counts. */
  query: string | null;
  /** The words as typed only, for ranking exact matches above corrected or completed ones. */
  exact: string | null;
  /** The whole search, which may be a SKU with spaces or punctuation in it. */
  wholeSku: string | null;
}

interface TermRow {
  term: number;
  lexeme: string;
  exact: string;
  prefix: string | null;
  known: boolean;
  word: string | null;
  word_query: string | null;
}

interface Term {
  lexeme: string;
  exact: string;
  prefix: string | null;
  known: boolean;
  candidates: Map<string, string>;
}

const either = (pieces: (string | null)[]) => pieces.filter((p): p is string => Boolean(p)).map((p) => `(${p})`).join(' | ');

/**
 * Two round trips: the words' pieces and candidate corrections, then (in the caller's list query) the
 * matches. A word no live product has is replaced by its closest vocabulary words within its typo
 * budget ("widlflower" by "wildflower"); a known word is never "corrected" into another one.
 */
export async function searchMatch(ctx: StoreCtx, q: string): Promise<SearchMatch> {
  const tokens = searchTokens(q);
  // A stored SKU never holds NUL (PostgreSQL text cannot), so such a search is no SKU; passing it on
  // would only make the driver fail.
  const wholeSku = q.includes('\u0000') ? null : q;
  if (!tokens.length) return { query: null, exact: null, wholeSku };
  // Tokens are letters and digits only, so a space separates them safely in one text parameter.
  const rows = await executePrepared<TermRow>(
    ctx.tx,
    sql`select * from search_terms(string_to_array(${tokens.join(' ')}, ' '), string_to_array(${tokens.map(typoBudget).join(' ')}, ' ')::int[])`,
  );
  const terms = new Map<number, Term>();
  for (const row of rows) {
    const term = terms.get(row.term) ?? { lexeme: row.lexeme, exact: row.exact, prefix: row.prefix, known: row.known, candidates: new Map<string, string>() };
    if (row.word && row.word_query) term.candidates.set(row.word, row.word_query);
    terms.set(row.term, term);
  }
  if (!terms.size) return { query: null, exact: null, wholeSku };
  const groups = [...terms.values()].map((t) => {
    const fixes = t.known ? [] : corrections(t.lexeme, [...t.candidates.keys()]);
    return either([t.exact, t.prefix, ...fixes.map((w) => t.candidates.get(w) ?? null)]);
  });
  return {
    query: groups.map((g) => `(${g})`).join(' & '),
    exact: [...terms.values()].map((t) => `(${t.exact})`).join(' & '),
    wholeSku,
  };
}
