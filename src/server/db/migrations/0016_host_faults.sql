ALTER TABLE "vpn_hosts" ADD COLUMN "fault_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vpn_hosts" ADD COLUMN "last_fault_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vpn_hosts" ADD COLUMN "last_fault" text;--> statement-breakpoint
ALTER TABLE "vpn_reported_bytes" ADD COLUMN "refused_bytes" bigint;