CREATE TABLE "vpn_hosts" (
	"host_id" text PRIMARY KEY NOT NULL,
	"boot_id" text NOT NULL,
	"regions" text[] NOT NULL,
	"capacity" integer,
	"alive" text[] NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
