ALTER TABLE "vpns" ADD COLUMN "host_id" text;--> statement-breakpoint
CREATE INDEX "vpns_host_idx" ON "vpns" USING btree ("host_id") WHERE "vpns"."host_id" IS NOT NULL;