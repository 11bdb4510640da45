CREATE TABLE "comment_likes" (
	"comment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"type" text NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comments_like_count_nonnegative" CHECK ("comments"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" text NOT NULL,
	"followee_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "inspiration_likes" (
	"inspiration_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inspiration_likes_inspiration_id_user_id_pk" PRIMARY KEY("inspiration_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inspiration_saves" (
	"inspiration_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inspiration_saves_inspiration_id_user_id_pk" PRIMARY KEY("inspiration_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inspiration_viewer_days" (
	"inspiration_id" text NOT NULL,
	"kind" text NOT NULL,
	"viewer" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "inspiration_viewer_days_inspiration_id_kind_viewer_day_pk" PRIMARY KEY("inspiration_id","kind","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "inspirations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags_text" text DEFAULT '' NOT NULL,
	"media" jsonb NOT NULL,
	"has_video" boolean DEFAULT false NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"products_en" text DEFAULT '' NOT NULL,
	"products_zh" text DEFAULT '' NOT NULL,
	"copy_from" text,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"save_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, "tags_text" || ' ' || "products_en"), 'B')
  || setweight(to_tsvector('english'::regconfig, "description"), 'C')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("title" || ' ' || "tags_text" || ' ' || "products_zh" || ' ' || "description")))) STORED NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inspirations_counts_nonnegative" CHECK ("inspirations"."like_count" >= 0 and "inspirations"."comment_count" >= 0 and "inspirations"."share_count" >= 0 and "inspirations"."view_count" >= 0 and "inspirations"."save_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_social_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"followee_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_social_counts_nonnegative" CHECK ("user_social_counts"."follower_count" >= 0 and "user_social_counts"."followee_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "purpose" text DEFAULT 'avatar' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_likes" ADD CONSTRAINT "inspiration_likes_inspiration_id_inspirations_id_fk" FOREIGN KEY ("inspiration_id") REFERENCES "public"."inspirations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_likes" ADD CONSTRAINT "inspiration_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_saves" ADD CONSTRAINT "inspiration_saves_inspiration_id_inspirations_id_fk" FOREIGN KEY ("inspiration_id") REFERENCES "public"."inspirations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_saves" ADD CONSTRAINT "inspiration_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_viewer_days" ADD CONSTRAINT "inspiration_viewer_days_inspiration_id_inspirations_id_fk" FOREIGN KEY ("inspiration_id") REFERENCES "public"."inspirations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspirations" ADD CONSTRAINT "inspirations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_social_counts" ADD CONSTRAINT "user_social_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_source_created_idx" ON "comments" USING btree ("source_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_user_source_idx" ON "comments" USING btree ("user_id","source_id");--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at");--> statement-breakpoint
CREATE INDEX "inspiration_likes_user_idx" ON "inspiration_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inspiration_saves_user_idx" ON "inspiration_saves" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inspirations_published_created_idx" ON "inspirations" USING btree ("created_at","id") WHERE "inspirations"."status" = 'Published';--> statement-breakpoint
CREATE INDEX "inspirations_user_created_idx" ON "inspirations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inspirations_search_idx" ON "inspirations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "inspirations_tag_keys_idx" ON "inspirations" USING gin ("tag_keys");--> statement-breakpoint
CREATE INDEX "inspirations_product_ids_idx" ON "inspirations" USING gin ("product_ids");