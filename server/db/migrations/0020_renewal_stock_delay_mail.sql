-- Issue 18: a renewal out of stock is mailed about once per cycle: the billing date it was mailed for.
ALTER TABLE "subscriptions" ADD COLUMN "stock_delay_mailed_for" timestamp with time zone;
