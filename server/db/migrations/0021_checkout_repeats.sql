ALTER TABLE "orders" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "orders_user_request_idx" ON "orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_idempotency_key_idx" ON "sandbox_payments" USING btree ("idempotency_key");