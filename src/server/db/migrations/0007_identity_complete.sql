CREATE TABLE "dev_sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"code" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_devices" (
	"device_key" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"group_key" text NOT NULL,
	"salt" text,
	"verifier" text,
	"name" text,
	"remembered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_modified_at" timestamp with time zone NOT NULL,
	"last_authenticated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_auth_sessions" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "idp_auth_sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "idp_auth_sessions" ADD COLUMN "pending_totp_secret" text;--> statement-breakpoint
ALTER TABLE "idp_srp_challenges" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_mfa" text;--> statement-breakpoint
ALTER TABLE "idp_devices" ADD CONSTRAINT "idp_devices_sub_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_sms_outbox_to_idx" ON "dev_sms_outbox" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "idp_devices_sub_idx" ON "idp_devices" USING btree ("sub","created_at");