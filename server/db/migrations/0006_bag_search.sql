CREATE TABLE "bag_items" (
	"user_id" text NOT NULL,
	"variance_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bag_items_user_id_variance_id_pk" PRIMARY KEY("user_id","variance_id"),
	CONSTRAINT "bag_items_quantity_positive" CHECK ("bag_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"product_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_code" text NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"kind" text NOT NULL,
	"rate_bp" integer,
	"amount_hkd" integer,
	"amount_usd" integer,
	"min_spend_hkd" integer DEFAULT 0 NOT NULL,
	"min_spend_usd" integer DEFAULT 0 NOT NULL,
	"product_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"max_uses_per_member" integer,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_kind_value" CHECK (("coupons"."kind" = 'percent' and "coupons"."rate_bp" between 1 and 10000) or ("coupons"."kind" = 'fixed' and "coupons"."amount_hkd" >= 0 and "coupons"."amount_usd" >= 0))
);
--> statement-breakpoint
CREATE TABLE "hot_keywords" (
	"kind" text NOT NULL,
	"sort" integer NOT NULL,
	"keyword" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hot_keywords_kind_sort_pk" PRIMARY KEY("kind","sort")
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"user_id" text NOT NULL,
	"keyword" text NOT NULL,
	"searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recent_searches_user_id_keyword_pk" PRIMARY KEY("user_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "search_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"user_id" text,
	"cookie_id" text,
	"result_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"country_id" text PRIMARY KEY NOT NULL,
	"fee_hkd" integer NOT NULL,
	"fee_usd" integer NOT NULL,
	"free_over_hkd" integer,
	"free_over_usd" integer
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"country_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bag_items" ADD CONSTRAINT "bag_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_items" ADD CONSTRAINT "bag_items_variance_id_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."variances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_logs" ADD CONSTRAINT "search_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_code_user_idx" ON "coupon_redemptions" USING btree ("coupon_code","user_id");--> statement-breakpoint
CREATE INDEX "search_logs_created_idx" ON "search_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "search_logs_keyword_idx" ON "search_logs" USING btree ("keyword");--> statement-breakpoint
CREATE INDEX "tax_rates_country_idx" ON "tax_rates" USING btree ("country_id");