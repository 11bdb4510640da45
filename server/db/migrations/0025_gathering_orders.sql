CREATE TABLE "gathering_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"gathering_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gathering_orders" ADD CONSTRAINT "gathering_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_orders" ADD CONSTRAINT "gathering_orders_gathering_id_gatherings_id_fk" FOREIGN KEY ("gathering_id") REFERENCES "public"."gatherings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gathering_orders_gathering_idx" ON "gathering_orders" USING btree ("gathering_id");