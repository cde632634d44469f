ALTER TABLE "idp_srp_challenges" ADD COLUMN "caller" text;--> statement-breakpoint
CREATE INDEX "idp_srp_challenges_caller_idx" ON "idp_srp_challenges" USING btree ("caller","expires_at");