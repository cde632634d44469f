CREATE TABLE "account_preferences" (
	"user_sub" uuid PRIMARY KEY NOT NULL,
	"theme" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_preferences_theme_check" CHECK ("account_preferences"."theme" IN ('light', 'dark', 'system'))
);
--> statement-breakpoint
ALTER TABLE "account_preferences" ADD CONSTRAINT "account_preferences_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;