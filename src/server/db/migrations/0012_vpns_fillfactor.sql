-- A metering pass rewrites every Running VPN's totals, so every row needs room for a
-- second version in its own page for the update to stay in place (HOT: no new entry in any of
-- the four indexes). 0008's 70% left room for a third of them; 45% leaves room for all. Pages
-- written before this keep their old fill until rewritten (VACUUM FULL vpns, off-peak).
ALTER TABLE vpns SET (fillfactor = 45);
