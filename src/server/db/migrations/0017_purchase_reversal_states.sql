CREATE TABLE "unmatched_payments" (
	"session_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"user_sub" text,
	"pack_id" text,
	"amount_total" integer NOT NULL,
	"amount_subtotal" integer,
	"currency" text NOT NULL,
	"source_currency" text,
	"source_amount_subtotal" integer,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_nano" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "dispute" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_forfeited_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: the reversal state of the purchases so far, read from their ledger
-- entries. A dispute won gave back under `dispute_won:<sessionId>`; a disputed purchase has its
-- dispute open; a refunded one was refunded in full; otherwise partial refunds were written
-- under `purchase_reversal:<sessionId>:<cents>`.
UPDATE "purchases" p SET
	"dispute" = CASE
		WHEN EXISTS (SELECT 1 FROM "ledger_entries" l
			WHERE l."key" = 'dispute_won:' || p."checkout_session_id") THEN 'won'
		WHEN p."state" = 'disputed' THEN 'open'
		ELSE 'none' END,
	"refunded_nano" = CASE
		WHEN p."state" = 'refunded' THEN p."peanuts_nano"
		ELSE LEAST(p."peanuts_nano", GREATEST(0, COALESCE((SELECT -sum(l."amount_nano")
			FROM "ledger_entries" l
			WHERE l."user_sub" = p."user_sub" AND l."kind" = 'refund'
				AND left(l."key", length(p."checkout_session_id") + 19)
					= 'purchase_reversal:' || p."checkout_session_id" || ':'), 0)))::bigint END;--> statement-breakpoint
CREATE INDEX "unmatched_payments_received_idx" ON "unmatched_payments" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_dispute_check" CHECK ("purchases"."dispute" IN ('none', 'open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refunded_check" CHECK ("purchases"."refunded_nano" >= 0 AND "purchases"."refunded_nano" <= "purchases"."peanuts_nano");