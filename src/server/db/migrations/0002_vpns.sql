CREATE TABLE "vpn_teardowns" (
	"vpn_id" text PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"endpoint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vpns" (
	"vpn_id" text PRIMARY KEY NOT NULL,
	"user_sub" uuid NOT NULL,
	"region" text NOT NULL,
	"state" text NOT NULL,
	"type" text NOT NULL,
	"delete_after" integer NOT NULL,
	"max_peanuts_nano" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"running_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"server_private_key" text,
	"server_public_key" text,
	"client_private_key" text,
	"client_public_key" text,
	"preshared_key" text,
	"endpoint" text,
	"client_address" text,
	"dns" text,
	"metered_at" timestamp with time zone,
	"metered_intervals" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"consumed_nano" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	CONSTRAINT "vpns_state_check" CHECK ("vpns"."state" IN ('Failed', 'Creating', 'Created', 'Provisioning', 'Paused', 'Running', 'Deprovisioning', 'Deleted')),
	CONSTRAINT "vpns_delete_after_check" CHECK ("vpns"."delete_after" > 0)
);
--> statement-breakpoint
ALTER TABLE "vpns" ADD CONSTRAINT "vpns_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpns" ADD CONSTRAINT "vpns_region_regions_id_fk" FOREIGN KEY ("region") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vpns_user_created_idx" ON "vpns" USING btree ("user_sub","created_at" DESC NULLS LAST,"vpn_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vpns_active_state_idx" ON "vpns" USING btree ("state") WHERE "vpns"."state" NOT IN ('Deleted', 'Failed');