ALTER TABLE "b2b_enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "b2b_enquiries" ADD COLUMN "staff_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "b2b_enquiries" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "b2b_enquiries_status_idx" ON "b2b_enquiries" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "b2b_enquiries" ADD CONSTRAINT "b2b_enquiries_status_check" CHECK ("b2b_enquiries"."status" in ('new', 'contacted', 'closed'));