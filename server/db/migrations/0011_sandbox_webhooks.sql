CREATE TABLE "sandbox_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "sandbox_webhook_events_due_idx" ON "sandbox_webhook_events" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_ref_idx" ON "sandbox_payments" USING btree ("order_ref");