-- Storefront search index (issue 11, docs/decisions/008-search-index-behind-definer-functions.md).
-- Under row-level security PostgreSQL could not use the GIN indexes for @@ and <% on products (not
-- LEAKPROOF: the tenant policy is checked on every row first), so every search read all of a shop's
-- products. The index now lives in tables the app role cannot touch, kept in step by triggers and read
-- through two SECURITY DEFINER functions that scope to app.tenant_id themselves.
-- fuzzystrmatch: levenshtein_less_equal() for misspelt words; btree_gin: tenant_id beside the document in
-- one GIN index. Both are trusted extensions (a database owner may create them) and ship with PGlite.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"sku_key" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("tenant_id","document");--> statement-breakpoint
CREATE INDEX "product_search_sku_idx" ON "product_search" USING btree ("tenant_id","sku_key");--> statement-breakpoint
CREATE INDEX "search_words_word_idx" ON "search_words" USING btree ("tenant_id","word");--> statement-breakpoint
CREATE INDEX "search_words_length_idx" ON "search_words" USING btree ("tenant_id",char_length("word"),"word");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";
--> statement-breakpoint
-- The words of a product as the index holds them: English stems (so "bowls" finds "Bowl") and the words
-- as written (so a prefix, "wildf", finds "wildflower": the stem would be "wildflow"). Name and SKU weigh
-- most (A), then brand (B), then description (C): ranking puts name matches first.
CREATE OR REPLACE FUNCTION search_document(name text, sku text, brand text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', coalesce(name, '')) || to_tsvector('simple', coalesce(name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(sku, '')), 'A')
      || setweight(to_tsvector('english', coalesce(brand, '')) || to_tsvector('simple', coalesce(brand, '')), 'B')
      || setweight(to_tsvector('english', coalesce(description, '')) || to_tsvector('simple', coalesce(description, '')), 'C')
$$;
--> statement-breakpoint
-- The product's vocabulary words: a misspelt search word is corrected to one of these. Letters only
-- (numbers and SKU parts are not misspelt words), 3-40 long, no English stop words ("with", "from").
CREATE OR REPLACE FUNCTION search_words_of(name text, sku text, brand text, description text) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT v.lexeme
  FROM unnest(to_tsvector('simple', concat_ws(' ', name, sku, brand, description))) AS v
  WHERE v.lexeme ~ '^[^0-9[:punct:][:space:]]{3,40}$'
    AND cardinality(ts_lexize('english_stem', v.lexeme)) > 0
$$;
--> statement-breakpoint
-- Keeps product_search and search_words in step with products, in the writing transaction (a change is
-- searchable at once). SECURITY DEFINER: the app role writes products but holds no privilege on the
-- index tables. The tenant comes from the product row, which row-level security on products has
-- already checked against app.tenant_id.
CREATE OR REPLACE FUNCTION search_index_product() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.status = 'active' AND OLD.visibility = 'public';
  is_live boolean := TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.visibility = 'public';
BEGIN
  IF is_live THEN
    INSERT INTO product_search (product_id, tenant_id, sku_key, document)
    VALUES (NEW.id, NEW.tenant_id, lower(NEW.sku), search_document(NEW.name, NEW.sku, NEW.brand, NEW.description))
    ON CONFLICT (product_id) DO UPDATE
      SET tenant_id = EXCLUDED.tenant_id, sku_key = EXCLUDED.sku_key, document = EXCLUDED.document;
    -- No unique key to conflict on (see the table): a word already there is simply not added again.
    INSERT INTO search_words (tenant_id, word)
    SELECT NEW.tenant_id, w.word
    FROM search_words_of(NEW.name, NEW.sku, NEW.brand, NEW.description) AS w(word)
    WHERE NOT EXISTS (SELECT 1 FROM search_words v WHERE v.tenant_id = NEW.tenant_id AND v.word = w.word);
  ELSIF was_live THEN
    DELETE FROM product_search WHERE product_id = OLD.id;
  END IF;
  IF was_live THEN
    -- Words the product no longer shows leave the vocabulary unless another live product has them.
    DELETE FROM search_words v
    WHERE v.tenant_id = OLD.tenant_id
      AND v.word IN (
        SELECT w FROM search_words_of(OLD.name, OLD.sku, OLD.brand, OLD.description) AS w
        EXCEPT
        SELECT w FROM search_words_of(NEW.name, NEW.sku, NEW.brand, NEW.description) AS w WHERE is_live AND NEW.tenant_id = OLD.tenant_id)
      AND NOT EXISTS (
        SELECT 1 FROM product_search s WHERE s.tenant_id = OLD.tenant_id AND s.document @@ to_tsquery('simple', v.word));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION search_index_product() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION search_index_product();
--> statement-breakpoint
-- Only the searched fields and liveness: stock and price updates (every checkout) never reach it.
CREATE TRIGGER products_search_update
  AFTER UPDATE OF tenant_id, name, sku, brand, description, status, visibility ON products
  FOR EACH ROW
  WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.sku IS DISTINCT FROM NEW.sku
        OR OLD.brand IS DISTINCT FROM NEW.brand OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.visibility IS DISTINCT FROM NEW.visibility)
  EXECUTE FUNCTION search_index_product();
--> statement-breakpoint
CREATE TRIGGER products_search_delete AFTER DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION search_index_product();
--> statement-breakpoint
-- Door 1 for the app role: each search word (lexemes of the tokens the server split the query into) with
-- its tsquery pieces, whether any live product of the current tenant matches it, and, for a word that
-- matches nothing, the vocabulary words within budgets[n] edits of it (Levenshtein at most twice the
-- budget, which every word within that many Damerau/OSA edits is; the server checks OSA itself). The
-- last word also matches as a prefix (the shopper may not have finished typing it). English stop words
-- drop out, as websearch_to_tsquery drops them. PL/pgSQL rather than SQL so the statement's plan is
-- kept per connection instead of made on every call.
CREATE OR REPLACE FUNCTION search_terms(tokens text[], budgets integer[])
RETURNS TABLE (term integer, lexeme text, exact text, prefix text, known boolean, word text, word_query text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp ROWS 20 AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH lexemes AS (
    SELECT t.n::integer AS term, l.lexeme, coalesce(budgets[t.n], 0) AS budget, t.n = cardinality(tokens) AS last
    FROM unnest(tokens) WITH ORDINALITY AS t(token, n)
    CROSS JOIN LATERAL (SELECT (ts_lexize('simple', t.token))[1] AS lexeme) l
    WHERE cardinality(ts_lexize('english_stem', l.lexeme)) > 0
  ), queries AS (
    SELECT x.term, x.lexeme, x.budget,
           to_tsquery('english', x.lexeme) || to_tsquery('simple', x.lexeme) AS exact,
           CASE WHEN x.last AND char_length(x.lexeme) >= 2 THEN to_tsquery('simple', x.lexeme || ':*') END AS prefix
    FROM lexemes x
  ), checked AS (
    -- A whole vocabulary word is known at the cost of one B-tree probe; anything else (a stem, a
    -- prefix, a number or SKU part) asks the document index.
    SELECT q.*, (
      EXISTS (SELECT 1 FROM search_words v WHERE v.tenant_id = app_current_tenant() AND v.word = q.lexeme)
      OR EXISTS (
        SELECT 1 FROM product_search s
        WHERE s.tenant_id = app_current_tenant() AND s.document @@ (q.exact || coalesce(q.prefix, q.exact)))) AS known
    FROM queries q
    WHERE numnode(q.exact) > 0
  )
  SELECT c.term, c.lexeme, c.exact::text, c.prefix::text, c.known, v.word,
         (to_tsquery('english', v.word) || to_tsquery('simple', v.word))::text
  FROM checked c
  LEFT JOIN LATERAL (
    SELECT w.word
    FROM search_words w
    WHERE NOT c.known AND c.budget > 0
      AND w.tenant_id = app_current_tenant()
      AND char_length(w.word) BETWEEN char_length(c.lexeme) - c.budget AND char_length(c.lexeme) + c.budget
      AND levenshtein_less_equal(w.word, c.lexeme, 2 * c.budget) <= 2 * c.budget
    GROUP BY w.word
    ORDER BY levenshtein_less_equal(w.word, c.lexeme, 2 * c.budget), w.word
    LIMIT 20
  ) v ON true
  ORDER BY c.term;
END $$;
--> statement-breakpoint
-- Door 2: the current tenant's live products matching `query` (each word, or its correction or prefix,
-- see search_terms) or whose SKU is `whole_sku`, ranked: a whole SKU, then name (or SKU) matching the
-- words as typed, then name matching with corrections or prefixes, then other matches as typed, each
-- tier ordered by ts_rank (normalised below 1).
CREATE OR REPLACE FUNCTION search_matches(query tsquery, exact tsquery, whole_sku text)
RETURNS TABLE (product_id uuid, search_rank real)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp ROWS 200 AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT m.product_id, max(m.search_rank)::real
  FROM (
    SELECT s.product_id,
           CASE WHEN ts_filter(s.document, '{a}') @@ exact THEN 4
                WHEN ts_filter(s.document, '{a}') @@ query THEN 3
                WHEN s.document @@ exact THEN 1
                ELSE 0 END + ts_rank(s.document, query, 32) AS search_rank
    FROM product_search s
    WHERE s.tenant_id = app_current_tenant() AND s.document @@ query
    UNION ALL
    SELECT s.product_id, 10
    FROM product_search s
    WHERE s.tenant_id = app_current_tenant() AND s.sku_key = lower(whole_sku)
  ) m
  GROUP BY m.product_id;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION search_terms(text[], integer[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION search_matches(tsquery, tsquery, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_terms(text[], integer[]) TO shop_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_matches(tsquery, tsquery, text) TO shop_app;
--> statement-breakpoint
-- The app role reaches the index only through the two functions above (the default privileges of
-- migration 0001 granted it the new tables). Row-level security stays on as a second wall should a
-- grant ever come back, but not FORCEd: the functions run as the tables' owner and must reach the GIN
-- indexes, which a policy checked row by row would bypass.
REVOKE ALL ON product_search, search_words FROM shop_app;
--> statement-breakpoint
SELECT app_enable_tenant_rls('product_search');
--> statement-breakpoint
ALTER TABLE product_search NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
SELECT app_enable_tenant_rls('search_words');
--> statement-breakpoint
ALTER TABLE search_words NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Index the products already there. products forces row-level security even on its owner, who has no
-- tenant set here; lifted for these two statements only.
ALTER TABLE products NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO product_search (product_id, tenant_id, sku_key, document)
SELECT id, tenant_id, lower(sku), search_document(name, sku, brand, description)
FROM products WHERE status = 'active' AND visibility = 'public';
--> statement-breakpoint
INSERT INTO search_words (tenant_id, word)
SELECT DISTINCT p.tenant_id, w.word
FROM products p CROSS JOIN LATERAL search_words_of(p.name, p.sku, p.brand, p.description) AS w(word)
WHERE p.status = 'active' AND p.visibility = 'public';
--> statement-breakpoint
ALTER TABLE products FORCE ROW LEVEL SECURITY;
