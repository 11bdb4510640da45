CREATE TABLE "push_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_notices" ADD CONSTRAINT "push_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_notices_user_idx" ON "push_notices" USING btree ("user_id");