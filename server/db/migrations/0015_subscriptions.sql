CREATE TABLE "subscription_cycles" (
	"subscription_id" text NOT NULL,
	"cycle" integer NOT NULL,
	"order_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"link_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_cycles_subscription_id_cycle_pk" PRIMARY KEY("subscription_id","cycle"),
	CONSTRAINT "subscription_cycles_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plan_items" (
	"plan_id" text NOT NULL,
	"variance_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_plan_items_plan_id_variance_id_pk" PRIMARY KEY("plan_id","variance_id"),
	CONSTRAINT "subscription_plan_items_quantity" CHECK ("subscription_plan_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"duration" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"image" text NOT NULL,
	"price_hkd" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_plans_duration" CHECK ("subscription_plans"."duration" in ('month', 'quarter', 'annual')),
	CONSTRAINT "subscription_plans_prices_nonnegative" CHECK ("subscription_plans"."price_hkd" >= 0 and "subscription_plans"."price_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"end_reason" text,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"card_id" text,
	"delivery_address" jsonb NOT NULL,
	"first_order_id" text NOT NULL,
	"started_at" timestamp with time zone,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_first_order_id_unique" UNIQUE("first_order_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_items" ADD CONSTRAINT "subscription_plan_items_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_items" ADD CONSTRAINT "subscription_plan_items_variance_id_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."variances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");