ALTER TABLE "products" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_alcohol" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Alcohol becomes each product's own flag (issue 32), set from its type as the shop recognised alcohol until now
-- (an alcohol type, or a type named "Alcohol", spec §9). A product named "Alcohol" stays alcohol whatever its flag.
UPDATE "products" SET "is_alcohol" = true
  FROM "product_types"
  WHERE "product_types"."id" = "products"."type_id"
    AND ("product_types"."is_alcohol" OR "product_types"."name_en" ~* 'alcohol');
