CREATE TABLE "purchases" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"user_sub" uuid NOT NULL,
	"pack_id" text NOT NULL,
	"peanuts_nano" bigint NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_intent" text,
	"state" text DEFAULT 'paid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_payment_intent_unique" UNIQUE("payment_intent"),
	CONSTRAINT "purchases_state_check" CHECK ("purchases"."state" IN ('paid', 'refunded', 'disputed'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_user_sub_idx" ON "purchases" USING btree ("user_sub","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stripe_events_outcome_idx" ON "stripe_events" USING btree ("outcome");