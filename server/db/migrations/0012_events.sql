CREATE TABLE "event_bookings" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"variance_id" text NOT NULL,
	"event_id" text NOT NULL,
	"seats" integer NOT NULL,
	"price_per_person" integer NOT NULL,
	"includes_own_seat" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"variance_id" text NOT NULL,
	"seat_number" integer NOT NULL,
	"is_owner" boolean NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"activated_by" text,
	"activated_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "event_tickets_order_seat" UNIQUE("order_id","seat_number")
);
--> statement-breakpoint
CREATE TABLE "event_variances" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"seats_left" integer NOT NULL,
	"price_hkd" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"sale_opens_at" timestamp with time zone NOT NULL,
	"sale_closes_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_variances_seats_within_capacity" CHECK ("event_variances"."seats_left" >= 0 and "event_variances"."seats_left" <= "event_variances"."capacity"),
	CONSTRAINT "event_variances_prices_nonnegative" CHECK ("event_variances"."price_hkd" >= 0 and "event_variances"."price_usd" >= 0),
	CONSTRAINT "event_variances_ends_after_start" CHECK ("event_variances"."ends_at" > "event_variances"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"host_name_en" text NOT NULL,
	"host_name_zh" text NOT NULL,
	"host_bio_en" text NOT NULL,
	"host_bio_zh" text NOT NULL,
	"venue_en" text NOT NULL,
	"venue_zh" text NOT NULL,
	"address_en" text NOT NULL,
	"address_zh" text NOT NULL,
	"district_en" text NOT NULL,
	"district_zh" text NOT NULL,
	"map_url" text NOT NULL,
	"image" text NOT NULL,
	"remark_en" text DEFAULT '' NOT NULL,
	"remark_zh" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title_en"), 'A')
  || setweight(to_tsvector('english'::regconfig, "host_name_en" || ' ' || "venue_en" || ' ' || "district_en"), 'B')
  || setweight(to_tsvector('english'::regconfig, "description_en"), 'C')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("title_zh" || ' ' || "host_name_zh" || ' ' || "venue_zh" || ' ' || "district_zh" || ' ' || "description_zh")))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_variance_id_event_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."event_variances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_order_id_event_bookings_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_bookings"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_variance_id_event_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."event_variances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_variances" ADD CONSTRAINT "event_variances_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_id_product_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_bookings_user_variance_idx" ON "event_bookings" USING btree ("user_id","variance_id");--> statement-breakpoint
CREATE INDEX "event_bookings_variance_idx" ON "event_bookings" USING btree ("variance_id");--> statement-breakpoint
CREATE INDEX "event_tickets_activated_idx" ON "event_tickets" USING btree ("activated_by","variance_id");--> statement-breakpoint
CREATE INDEX "event_variances_event_idx" ON "event_variances" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_variances_starts_idx" ON "event_variances" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("type_id");