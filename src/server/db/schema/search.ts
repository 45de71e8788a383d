import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './platform';
import { products } from './catalog';

// The storefront search index (docs/decisions/008-search-index-behind-definer-functions.md). Triggers on
// products keep both tables in step; the app role holds no privilege on them and reads them only through
// the SECURITY DEFINER functions search_terms() and search_matches(), which scope every read to
// app.tenant_id themselves. That is what lets the GIN indexes serve: row-level security would check the
// tenant policy on every row before a non-LEAKPROOF @@.

/** Postgres full-text search vector; only ever written by the database (triggers). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const tenantId = () => uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' });

/** One row per live (active, public) product: its words, weighted name and SKU, then brand, then description. */
export const productSearch = pgTable(
  'product_search',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    /** lower(sku): a search for a whole SKU ("AB-12/3") finds it whatever its punctuation. */
    skuKey: text('sku_key').notNull(),
    /** English stems and the words as written (prefix matching needs the unstemmed words). */
    document: tsvector('document').notNull(),
  },
  (t) => [
    // (tenant_id, document) in one GIN index (btree_gin): a common word is looked up in one shop's
    // products, not in every shop's.
    index('product_search_document_idx').using('gin', t.tenantId, t.document),
    index('product_search_sku_idx').on(t.tenantId, t.skuKey),
  ],
);

/**
 * Each shop's vocabulary: the words (letters only, 3-40 long, no English stop words) of its live
 * products, which a misspelt search word is compared against. No unique key on purpose: concurrent
 * product writes then never wait on (or deadlock over) a shared word row; a rare duplicate is harmless.
 */
export const searchWords = pgTable(
  'search_words',
  {
    tenantId: tenantId(),
    word: text('word').notNull(),
  },
  (t) => [
    index('search_words_word_idx').on(t.tenantId, t.word),
    // A word within two edits of the typed one is at most two letters longer or shorter; the word itself
    // rides in the index so the comparison needs no table read.
    index('search_words_length_idx').on(t.tenantId, sql`char_length(${t.word})`, t.word),
  ],
);

/**
 * Tables the app role holds no privilege on, read only through SECURITY DEFINER functions that scope to
 * app.tenant_id themselves: their row-level security is enabled but not forced (the functions run as
 * the owner and must reach the GIN indexes). src/server/db/rls.test.ts checks both halves.
 */
export const DEFINER_ONLY_TABLES = ['product_search', 'search_words'] as const;
