-- Issue 18: the SVIP early-access window of an event session (only Subscribed members may buy seats before sale_opens_at).
ALTER TABLE "event_variances" ADD COLUMN "svip_sale_opens_at" timestamp with time zone;
