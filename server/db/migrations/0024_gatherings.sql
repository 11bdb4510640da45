CREATE TABLE "gathering_attendees" (
	"gathering_id" text NOT NULL,
	"user_id" text NOT NULL,
	"ticket_id" text,
	"checked_in_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "gathering_attendees_gathering_id_user_id_pk" PRIMARY KEY("gathering_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gathering_cart_items" (
	"user_id" text NOT NULL,
	"gathering_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gathering_cart_items_user_id_gathering_id_product_id_pk" PRIMARY KEY("user_id","gathering_id","product_id"),
	CONSTRAINT "gathering_cart_items_quantity_positive" CHECK ("gathering_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "gathering_pours" (
	"gathering_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variance_id" text NOT NULL,
	"price_hkd" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"set_aside" integer NOT NULL,
	"remaining" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gathering_pours_gathering_id_product_id_pk" PRIMARY KEY("gathering_id","product_id"),
	CONSTRAINT "gathering_pours_remaining_within_set_aside" CHECK ("gathering_pours"."remaining" >= 0 and "gathering_pours"."remaining" <= "gathering_pours"."set_aside"),
	CONSTRAINT "gathering_pours_prices_nonnegative" CHECK ("gathering_pours"."price_hkd" >= 0 and "gathering_pours"."price_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gatherings" (
	"id" text PRIMARY KEY NOT NULL,
	"variance_id" text NOT NULL,
	"host_email" text NOT NULL,
	"status" text DEFAULT 'Scheduled' NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "gatherings_variance_id_unique" UNIQUE("variance_id")
);
--> statement-breakpoint
ALTER TABLE "gathering_attendees" ADD CONSTRAINT "gathering_attendees_gathering_id_gatherings_id_fk" FOREIGN KEY ("gathering_id") REFERENCES "public"."gatherings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_attendees" ADD CONSTRAINT "gathering_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_attendees" ADD CONSTRAINT "gathering_attendees_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_cart_items" ADD CONSTRAINT "gathering_cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_cart_items" ADD CONSTRAINT "gathering_cart_items_gathering_id_product_id_gathering_pours_gathering_id_product_id_fk" FOREIGN KEY ("gathering_id","product_id") REFERENCES "public"."gathering_pours"("gathering_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_pours" ADD CONSTRAINT "gathering_pours_gathering_id_gatherings_id_fk" FOREIGN KEY ("gathering_id") REFERENCES "public"."gatherings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_pours" ADD CONSTRAINT "gathering_pours_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_pours" ADD CONSTRAINT "gathering_pours_variance_id_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."variances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gatherings" ADD CONSTRAINT "gatherings_variance_id_event_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."event_variances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gathering_attendees_user_idx" ON "gathering_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gatherings_status_idx" ON "gatherings" USING btree ("status");