CREATE TABLE "signup_bonus_grants" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_password_lockouts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_srp_challenges" ALTER COLUMN "sub" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "users_unconfirmed_created_idx" ON "users" USING btree ("created_at") WHERE "users"."confirmed" = false;--> statement-breakpoint
-- Failed sign-ins are counted in idp_password_lockouts from now on.
DELETE FROM "idp_throttle" WHERE "key" LIKE 'signin:%';
