CREATE TABLE "jobs" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
DROP INDEX "orders_unpaid_due_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'product' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("due_at");--> statement-breakpoint
-- Unpaid orders placed before the jobs table: their hold expiry becomes a row, as placing schedules one now.
INSERT INTO "jobs" ("kind", "key", "due_at", "created_at")
SELECT 'order.expire', "id", "pay_before", now() FROM "orders"
WHERE "payment_status" IN ('WaitForPayment', 'PaymentFailed') AND "pay_before" IS NOT NULL;
