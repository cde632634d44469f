CREATE TABLE "vpn_usage_points" (
	"vpn_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	"consumed_nano" bigint NOT NULL,
	CONSTRAINT "vpn_usage_points_vpn_id_at_pk" PRIMARY KEY("vpn_id","at")
);
--> statement-breakpoint
ALTER TABLE "vpn_usage_points" ADD CONSTRAINT "vpn_usage_points_vpn_id_vpns_vpn_id_fk" FOREIGN KEY ("vpn_id") REFERENCES "public"."vpns"("vpn_id") ON DELETE cascade ON UPDATE no action;