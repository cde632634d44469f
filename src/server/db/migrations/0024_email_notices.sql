CREATE TABLE "notice_settings" (
	"user_sub" uuid PRIMARY KEY NOT NULL,
	"vpn_ended" boolean DEFAULT true NOT NULL,
	"low_balance_below_nano" bigint,
	"low_balance_armed" boolean,
	"low_balance_crossings" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"user_sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_settings" ADD CONSTRAINT "notice_settings_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices_sent" ADD CONSTRAINT "notices_sent_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_sent_user_sub_idx" ON "notices_sent" USING btree ("user_sub");