-- Written by hand (drizzle-kit does not model functions or triggers); the rest is generated.
-- Character grams of the Chinese/Japanese runs in a text, for keyword search: each run of CJK characters
-- gives its bigrams in order, then its last character alone, so that every character starts some gram
-- (a one-character keyword is a prefix query) and a longer keyword is found through its bigrams.
-- '安溪鐵觀音' -> '安溪 溪鐵 鐵觀 觀音 音'.
CREATE FUNCTION cjk_grams(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(substr(m.run[1], i, 2), ' ' ORDER BY m.n, i), '')
  FROM regexp_matches(t, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+', 'g') WITH ORDINALITY AS m(run, n),
       generate_series(1, char_length(m.run[1])) AS i
$$;
--> statement-breakpoint
CREATE TABLE "product_on_sale_counts" (
	"type_id" text PRIMARY KEY NOT NULL,
	"on_sale" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"stem" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_type_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_sold_idx";--> statement-breakpoint
DROP INDEX "products_price_hkd_idx";--> statement-breakpoint
DROP INDEX "products_price_usd_idx";--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX "search_logs_keyword_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "name_en"), 'A')
  || setweight(to_tsvector('english'::regconfig, "description_en"), 'B')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("name_zh" || ' ' || "description_zh")))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_on_sale_counts" ADD CONSTRAINT "product_on_sale_counts_type_id_product_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_vocabulary_prefix_idx" ON "search_vocabulary" USING btree ("stem" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("stem" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_on_sale_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_sold_idx" ON "products" USING btree ("sold_count" DESC NULLS FIRST,"id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_price_hkd_idx" ON "products" USING btree ("min_price_hkd","id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_price_usd_idx" ON "products" USING btree ("min_price_usd","id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_type_newest_idx" ON "products" USING btree ("type_id","created_at" DESC NULLS FIRST,"id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_type_sold_idx" ON "products" USING btree ("type_id","sold_count" DESC NULLS FIRST,"id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_type_price_hkd_idx" ON "products" USING btree ("type_id","min_price_hkd","id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_on_sale_type_price_usd_idx" ON "products" USING btree ("type_id","min_price_usd","id") WHERE not "products"."stop_sell";--> statement-breakpoint
CREATE INDEX "products_name_en_prefix_idx" ON "products" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_zh_prefix_idx" ON "products" USING btree ("name_zh" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_logs_keyword_idx" ON "search_logs" USING btree ("keyword" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";
--> statement-breakpoint
-- Written by hand from here on.
-- Products on sale per type: a listing filtered by type alone takes its Total from here instead of counting rows.
INSERT INTO "product_on_sale_counts" ("type_id", "on_sale")
  SELECT t."id", count(p."id") FILTER (WHERE NOT p."stop_sell")
  FROM "product_types" t LEFT JOIN "products" p ON p."type_id" = t."id"
  GROUP BY t."id";
--> statement-breakpoint
CREATE FUNCTION product_on_sale_counts_add(delta_by_type jsonb) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO "product_on_sale_counts" AS c ("type_id", "on_sale")
    SELECT d.key, d.value::int FROM jsonb_each_text(delta_by_type) AS d
    WHERE d.value::int <> 0
  ON CONFLICT ("type_id") DO UPDATE SET "on_sale" = c."on_sale" + excluded."on_sale"
$$;
--> statement-breakpoint
-- Bulk inserts and deletes (seeding, clean-ups) count once per statement; a changed sale flag or type
-- counts per row, and other updates (sold counts at checkout) never touch the counts.
CREATE FUNCTION products_count_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM product_on_sale_counts_add(coalesce(
    (SELECT jsonb_object_agg(type_id, n) FROM (SELECT type_id, count(*) AS n FROM new_rows WHERE NOT stop_sell GROUP BY type_id) d),
    '{}'::jsonb));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION products_count_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM product_on_sale_counts_add(coalesce(
    (SELECT jsonb_object_agg(type_id, -n) FROM (SELECT type_id, count(*) AS n FROM old_rows WHERE NOT stop_sell GROUP BY type_id) d),
    '{}'::jsonb));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION products_count_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT OLD.stop_sell THEN PERFORM product_on_sale_counts_add(jsonb_build_object(OLD.type_id, -1)); END IF;
  IF NOT NEW.stop_sell THEN PERFORM product_on_sale_counts_add(jsonb_build_object(NEW.type_id, 1)); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_inserted AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_inserted();
--> statement-breakpoint
CREATE TRIGGER products_count_deleted AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_deleted();
--> statement-breakpoint
CREATE TRIGGER products_count_changed AFTER UPDATE OF "stop_sell", "type_id" ON "products"
  FOR EACH ROW WHEN (OLD.stop_sell IS DISTINCT FROM NEW.stop_sell OR OLD.type_id IS DISTINCT FROM NEW.type_id)
  EXECUTE FUNCTION products_count_changed();
--> statement-breakpoint
-- The English stems of product texts (weighted lexemes with a Latin letter, not bare numbers): what a
-- mistyped word is compared with. Words of renamed or deleted products stay; they only ever find nothing.
CREATE FUNCTION search_vocabulary_add(vectors tsvector[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO "search_vocabulary" ("stem")
    SELECT DISTINCT l.lexeme FROM unnest(vectors) AS v(doc), unnest(v.doc) AS l
    WHERE l.lexeme ~ '[a-z]' AND l.lexeme !~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]'
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
SELECT search_vocabulary_add(array_agg("search_vector")) FROM "products";
--> statement-breakpoint
CREATE FUNCTION products_vocabulary_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM search_vocabulary_add(ARRAY(SELECT search_vector FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION products_vocabulary_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM search_vocabulary_add(ARRAY[NEW.search_vector]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_vocabulary_inserted AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_vocabulary_inserted();
--> statement-breakpoint
CREATE TRIGGER products_vocabulary_changed AFTER UPDATE OF "name_en", "description_en" ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_vocabulary_changed();
