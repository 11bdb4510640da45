ALTER TABLE "coupons" ADD COLUMN "order_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_hkd" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_usd" integer;--> statement-breakpoint
-- Subscriptions made before prices were kept go on paying the plan's price as it is now.
UPDATE "subscriptions" AS s SET "price_hkd" = p."price_hkd", "price_usd" = p."price_usd" FROM "subscription_plans" AS p WHERE p."id" = s."plan_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_hkd" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_usd" SET NOT NULL;
