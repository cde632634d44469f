-- The unfinished SRP challenges of caller p_caller at time p_now
-- (src/server/identity/actions/srpInFlight.ts), counted under the caller's lock, held to the end
-- of the transaction: the start is one statement, and a VOLATILE function's statements each take
-- a fresh snapshot, so the count, made once the lock is granted, sees every start of this caller
-- that committed while this one waited (the calling statement's own snapshot, taken before the
-- lock, would not). PL/pgSQL: its plans are kept for the session, where a SQL function's are
-- made again on every call.
CREATE FUNCTION idp_srp_in_flight(p_caller text, p_now timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('srp:' || p_caller, 0));
  RETURN (SELECT count(*)::integer FROM idp_srp_challenges
    WHERE idp_srp_challenges.caller = p_caller AND idp_srp_challenges.expires_at > p_now);
END
$$;
