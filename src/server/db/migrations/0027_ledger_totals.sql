CREATE TABLE "ledger_totals" (
	"user_sub" uuid PRIMARY KEY NOT NULL,
	"total_nano" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_totals" ADD CONSTRAINT "ledger_totals_user_sub_users_sub_fk" FOREIGN KEY ("user_sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each account's ledger total, kept in the transaction that changes its entries: per statement
-- (a metering pass settles many at once), one row per account touched, in account order.
CREATE FUNCTION ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_totals (user_sub, total_nano)
    SELECT user_sub, sum(amount_nano)::bigint FROM new_entries GROUP BY user_sub ORDER BY user_sub
    ON CONFLICT (user_sub) DO UPDATE SET total_nano = ledger_totals.total_nano + excluded.total_nano;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_totals_subtract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An account deleted with its entries loses its total row too (ON DELETE CASCADE).
  UPDATE ledger_totals t SET total_nano = t.total_nano - d.total_nano
    FROM (SELECT user_sub, sum(amount_nano)::bigint AS total_nano FROM old_entries
          GROUP BY user_sub ORDER BY user_sub) d
    WHERE t.user_sub = d.user_sub;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_totals_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_add();
--> statement-breakpoint
CREATE TRIGGER ledger_totals_update_new AFTER UPDATE ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_add();
--> statement-breakpoint
CREATE TRIGGER ledger_totals_update_old AFTER UPDATE ON ledger_entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_subtract();
--> statement-breakpoint
CREATE TRIGGER ledger_totals_delete AFTER DELETE ON ledger_entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_subtract();
--> statement-breakpoint
CREATE TRIGGER ledger_totals_truncate AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_truncate();
--> statement-breakpoint
INSERT INTO ledger_totals (user_sub, total_nano)
  SELECT user_sub, sum(amount_nano)::bigint FROM ledger_entries GROUP BY user_sub;
