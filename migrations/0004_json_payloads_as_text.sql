-- A turn's request, response and handoff facts, and a session's dialogue state,
-- are stored as the JSON text Jiri wrote, in `text` columns (issue #6).
--
-- Jiri writes these documents itself, reads each one back whole (a repeat's
-- stored response, the facts for a replay, the state to rebuild a session) and
-- never looks inside them in SQL. As `jsonb` every commit parsed them again:
-- about 1.5 KB of JSON per turn, and the largest single cost in Postgres's share
-- of a turn (jsonb_recv, 19 % of the backends' samples under the bench mix; in
-- pgbench a turn's commit statement took 20 % less machine CPU with the four as
-- text). To query inside one, cast it: `response::jsonb ->> 'reply_text'`.
--
-- This rewrites every turn and session row once; on a large database, run it
-- in a quiet hour.

ALTER TABLE turns
    ALTER COLUMN request TYPE text USING request::text,
    ALTER COLUMN response TYPE text USING response::text,
    ALTER COLUMN facts TYPE text USING facts::text;

ALTER TABLE sessions
    ALTER COLUMN state DROP DEFAULT,
    ALTER COLUMN state TYPE text USING state::text,
    ALTER COLUMN state SET DEFAULT '{}';
