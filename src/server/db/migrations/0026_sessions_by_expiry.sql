DROP INDEX "idp_refresh_tokens_sub_idx";--> statement-breakpoint
CREATE INDEX "idp_refresh_tokens_sub_expires_idx" ON "idp_refresh_tokens" USING btree ("sub","expires_at");