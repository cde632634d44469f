ALTER TABLE "netns_servers" ADD COLUMN "network6" text;--> statement-breakpoint
ALTER TABLE "netns_servers" ADD CONSTRAINT "netns_servers_network6_unique" UNIQUE("network6");