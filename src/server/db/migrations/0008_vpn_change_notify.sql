-- Every change of `vpns` notifies channel `peanut_vpns` once per statement, after
-- commit, with the owners whose VPNs changed (comma-separated subs), or '*' when more than 100
-- owners changed at once (a metering pass). Servers cache VPN reads and drop them on this.
CREATE FUNCTION peanut_vpns_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
BEGIN
  SELECT array_agg(DISTINCT user_sub::text) INTO owners FROM changed_vpns;
  IF owners IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(owners) > 100 THEN
    PERFORM pg_notify('peanut_vpns', '*');
  ELSE
    PERFORM pg_notify('peanut_vpns', array_to_string(owners, ','));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vpns_notify_insert AFTER INSERT ON vpns REFERENCING NEW TABLE AS changed_vpns
  FOR EACH STATEMENT EXECUTE FUNCTION peanut_vpns_notify();
--> statement-breakpoint
CREATE TRIGGER vpns_notify_update AFTER UPDATE ON vpns REFERENCING NEW TABLE AS changed_vpns
  FOR EACH STATEMENT EXECUTE FUNCTION peanut_vpns_notify();
--> statement-breakpoint
CREATE TRIGGER vpns_notify_delete AFTER DELETE ON vpns REFERENCING OLD TABLE AS changed_vpns
  FOR EACH STATEMENT EXECUTE FUNCTION peanut_vpns_notify();
--> statement-breakpoint
-- Metering rewrites every Running VPN's totals each pass: room in each page lets PostgreSQL
-- update in place (HOT: no index entry per update).
ALTER TABLE vpns SET (fillfactor = 70);
