CREATE TABLE "aromas" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"drinks" jsonb NOT NULL,
	"icon" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_survey_answers" (
	"user_id" text NOT NULL,
	"survey" text NOT NULL,
	"answers" jsonb NOT NULL,
	"default_drinks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personal_survey_answers_user_id_survey_pk" PRIMARY KEY("user_id","survey")
);
--> statement-breakpoint
CREATE TABLE "product_taste_profiles" (
	"product_id" text PRIMARY KEY NOT NULL,
	"card_count" integer NOT NULL,
	"sweetness_sum" integer NOT NULL,
	"sourness_sum" integer NOT NULL,
	"bitterness_sum" integer NOT NULL,
	"saltiness_sum" integer NOT NULL,
	"umami_sum" integer NOT NULL,
	"note_counts" jsonb NOT NULL,
	"aroma_counts" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taste_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"sweetness" integer NOT NULL,
	"sourness" integer NOT NULL,
	"bitterness" integer NOT NULL,
	"saltiness" integer NOT NULL,
	"umami" integer NOT NULL,
	"parameter" jsonb NOT NULL,
	"taste_note_ids" jsonb NOT NULL,
	"custom_taste_notes" jsonb NOT NULL,
	"aroma_ids" jsonb NOT NULL,
	"custom_aromas" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"language" text NOT NULL,
	"product_image_type" text NOT NULL,
	"photo" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, "description"), 'B')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("title" || ' ' || "description")))) STORED NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "taste_cards_levels_1_to_5" CHECK ("taste_cards"."sweetness" between 1 and 5 and "taste_cards"."sourness" between 1 and 5 and "taste_cards"."bitterness" between 1 and 5 and "taste_cards"."saltiness" between 1 and 5 and "taste_cards"."umami" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "taste_families" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taste_icons" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"svg" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taste_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"sub_family_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"drinks" jsonb NOT NULL,
	"icon" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taste_sub_families" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aromas" ADD CONSTRAINT "aromas_family_id_taste_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."taste_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aromas" ADD CONSTRAINT "aromas_icon_taste_icons_id_fk" FOREIGN KEY ("icon") REFERENCES "public"."taste_icons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_survey_answers" ADD CONSTRAINT "personal_survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_taste_profiles" ADD CONSTRAINT "product_taste_profiles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cards" ADD CONSTRAINT "taste_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cards" ADD CONSTRAINT "taste_cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_families" ADD CONSTRAINT "taste_families_icon_taste_icons_id_fk" FOREIGN KEY ("icon") REFERENCES "public"."taste_icons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_notes" ADD CONSTRAINT "taste_notes_family_id_taste_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."taste_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_notes" ADD CONSTRAINT "taste_notes_sub_family_id_taste_sub_families_id_fk" FOREIGN KEY ("sub_family_id") REFERENCES "public"."taste_sub_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_notes" ADD CONSTRAINT "taste_notes_icon_taste_icons_id_fk" FOREIGN KEY ("icon") REFERENCES "public"."taste_icons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_sub_families" ADD CONSTRAINT "taste_sub_families_family_id_taste_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."taste_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aromas_name_en_prefix_idx" ON "aromas" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "taste_cards_user_created_idx" ON "taste_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "taste_cards_product_published_idx" ON "taste_cards" USING btree ("product_id","created_at") WHERE "taste_cards"."status" = 'Published';--> statement-breakpoint
CREATE INDEX "taste_cards_published_created_idx" ON "taste_cards" USING btree ("created_at","id") WHERE "taste_cards"."status" = 'Published';--> statement-breakpoint
CREATE INDEX "taste_cards_search_idx" ON "taste_cards" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "taste_cards_notes_idx" ON "taste_cards" USING gin ("taste_note_ids");--> statement-breakpoint
CREATE INDEX "taste_notes_name_en_prefix_idx" ON "taste_notes" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "taste_notes_family_idx" ON "taste_notes" USING btree ("family_id","sort");