CREATE TABLE "vpn_reported_bytes" (
	"vpn_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vpn_reported_bytes" ADD CONSTRAINT "vpn_reported_bytes_vpn_id_vpns_vpn_id_fk" FOREIGN KEY ("vpn_id") REFERENCES "public"."vpns"("vpn_id") ON DELETE cascade ON UPDATE no action;