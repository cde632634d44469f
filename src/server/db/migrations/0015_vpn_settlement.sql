-- Metering charges a VPN's row each pass and settles into the ledger at the end and
-- once per settlement period (vpns/metering.ts "Settling"). Until now every charge was written
-- to the ledger at once, so everything consumed so far is settled.
ALTER TABLE "vpns" ADD COLUMN "settled_nano" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vpns" ADD COLUMN "settled_intervals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "vpns" SET "settled_nano" = "consumed_nano", "settled_intervals" = "metered_intervals";--> statement-breakpoint
ALTER TABLE "vpns" ADD CONSTRAINT "vpns_settled_check" CHECK ("vpns"."state" = 'Running' OR "vpns"."consumed_nano" = "vpns"."settled_nano");
