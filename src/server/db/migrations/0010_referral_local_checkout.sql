CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"pack_id" text NOT NULL,
	"client_reference_id" text,
	"email" text,
	"promo_code" text,
	"amount_total" integer NOT NULL,
	"payment_intent" text NOT NULL,
	"state" text DEFAULT 'paid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_checkout_sessions_state_check" CHECK ("local_checkout_sessions"."state" IN ('paid', 'refunded', 'disputed'))
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_sub" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "referral_codes_code_check" CHECK ("referral_codes"."code" ~ '^[0-9A-F]{8}$')
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"referee_sub" uuid,
	"referrer_sub" uuid,
	"code" text NOT NULL,
	"session_id" text NOT NULL,
	"referrer_reward_nano" bigint NOT NULL,
	"referee_reward_nano" bigint NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"referrer_rewarded_at" timestamp with time zone,
	"referee_rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_id_unique" UNIQUE("id"),
	CONSTRAINT "referrals_referee_sub_unique" UNIQUE("referee_sub"),
	CONSTRAINT "referrals_state_check" CHECK ("referrals"."state" IN ('held', 'rewarded', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_sub_users_sub_fk" FOREIGN KEY ("referee_sub") REFERENCES "public"."users"("sub") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_sub_users_sub_fk" FOREIGN KEY ("referrer_sub") REFERENCES "public"."users"("sub") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_sub","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_session_idx" ON "referrals" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "referrals_held_idx" ON "referrals" USING btree ("release_at") WHERE "referrals"."state" = 'held';