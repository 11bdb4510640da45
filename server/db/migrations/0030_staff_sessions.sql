ALTER TABLE "event_variances" ADD COLUMN "host_user_id" text;--> statement-breakpoint
ALTER TABLE "event_variances" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_variances" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_variances" ADD CONSTRAINT "event_variances_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_variances_host_idx" ON "event_variances" USING btree ("host_user_id","starts_at");--> statement-breakpoint
ALTER TABLE "event_variances" ADD CONSTRAINT "event_variances_status_check" CHECK ("event_variances"."status" in ('scheduled', 'cancelled'));