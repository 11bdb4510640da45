CREATE TABLE "attributes" (
	"id" text PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"group_name_en" text NOT NULL,
	"group_name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product_type_id" text,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"subtitle_en" text NOT NULL,
	"subtitle_zh" text NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" text PRIMARY KEY NOT NULL,
	"country_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" text PRIMARY KEY NOT NULL,
	"alpha2" text NOT NULL,
	"alpha3" text NOT NULL,
	"numeric" text NOT NULL,
	"calling_code" text NOT NULL,
	"currency" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"in_service" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "countries_alpha2_unique" UNIQUE("alpha2")
);
--> statement-breakpoint
CREATE TABLE "information" (
	"id" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"is_alcohol" boolean DEFAULT false NOT NULL,
	"is_boxset" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"images" jsonb NOT NULL,
	"attribute_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"min_price_hkd" integer NOT NULL,
	"min_price_usd" integer NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variances" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"price_hkd" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"stock" integer NOT NULL,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variances_stock_nonnegative" CHECK ("variances"."stock" >= 0),
	CONSTRAINT "variances_prices_nonnegative" CHECK ("variances"."price_hkd" >= 0 and "variances"."price_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_type_id_product_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variances" ADD CONSTRAINT "variances_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold_count");--> statement-breakpoint
CREATE INDEX "products_price_hkd_idx" ON "products" USING btree ("min_price_hkd");--> statement-breakpoint
CREATE INDEX "products_price_usd_idx" ON "products" USING btree ("min_price_usd");--> statement-breakpoint
CREATE INDEX "products_attributes_idx" ON "products" USING gin ("attribute_ids");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variances_product_idx" ON "variances" USING btree ("product_id");