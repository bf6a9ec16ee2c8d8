-- A lighter turn commit (issue #6). Each turn updates its session row and
-- inserts one turn and two messages; these changes cut the index work and the
-- bytes each turn writes.

-- No query reads sessions by (owner, last_active_at), and the index made every
-- session update a non-HOT update (a new index entry per turn). Without it, and
-- with room left on each page, the per-turn update of a session stays HOT.
DROP INDEX sessions_owner_active_idx;
ALTER TABLE sessions SET (fillfactor = 80);

-- Most turns carry no idempotency key (the shipped iOS client sends none):
-- index only the turns that do. The same uniqueness, one index insert less.
ALTER TABLE turns DROP CONSTRAINT turns_owner_idempotency_key_key;
CREATE UNIQUE INDEX turns_owner_idempotency_key_idx ON turns (owner, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

-- The first match of each handoff stage and the shadow rules that matched,
-- stored as plain columns. New turns no longer store the full evaluation trace
-- (4 KB of JSON): it is rebuilt on demand from the stored facts and the ruleset
-- revision, which decide it exactly. handoff_trace stays for older turns.
ALTER TABLE turns
    ADD COLUMN veto_rule     text,
    ADD COLUMN trigger_rule  text,
    ADD COLUMN delivery_rule text,
    ADD COLUMN shadow_rules  text[];
