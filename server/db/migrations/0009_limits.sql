ALTER TABLE "orders" ADD COLUMN "total_hkd" integer;--> statement-breakpoint
ALTER TABLE "search_logs" ADD COLUMN "client_ip" text;