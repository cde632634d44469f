CREATE TABLE "netns_servers" (
	"vpn_id" text PRIMARY KEY NOT NULL,
	"slot" integer NOT NULL,
	"listen_port" integer NOT NULL,
	"network" text NOT NULL,
	"bytes_base" bigint DEFAULT 0 NOT NULL,
	"bytes_seen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "netns_servers_slot_unique" UNIQUE("slot"),
	CONSTRAINT "netns_servers_listen_port_unique" UNIQUE("listen_port"),
	CONSTRAINT "netns_servers_network_unique" UNIQUE("network")
);
