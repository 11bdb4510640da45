CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "paying_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "paid_by" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "bank_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key_idx" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_status_check" CHECK ("refund_requests"."status" in ('open', 'paying', 'paid'));--> statement-breakpoint
-- Rows recorded before the method was kept: the sandbox knows its own payments (Stripe's are read at pay time).
UPDATE "refund_requests" AS r SET "method" = p."method" FROM "sandbox_payments" AS p WHERE p."id" = r."payment_id" AND r."method" IS NULL;
