-- Jiri's durable state. Postgres is the source of truth: a session missing
-- from Redis is rebuilt from these tables.

CREATE TABLE sessions (
    id              text        PRIMARY KEY,
    owner           text        NOT NULL,
    client          text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    last_active_at  timestamptz NOT NULL DEFAULT now(),
    turn_count      integer     NOT NULL DEFAULT 0 CHECK (turn_count >= 0),
    -- Dialogue state snapshot (pending question, slots, declined-visual flag, ...).
    state           jsonb       NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX sessions_owner_active_idx ON sessions (owner, last_active_at DESC);

CREATE TABLE turns (
    id               text        PRIMARY KEY,
    session_id       text        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq              integer     NOT NULL CHECK (seq > 0),
    owner            text        NOT NULL,
    -- Client-supplied idempotency key (`turn_id` or Idempotency-Key header).
    idempotency_key  text,
    request_hash     bytea       NOT NULL,
    request          jsonb       NOT NULL,
    response         jsonb       NOT NULL,
    intent_id        text,
    intent_status    text,
    handoff          boolean     NOT NULL DEFAULT false,
    handoff_rule     text,
    handoff_stage    text,
    handoff_reason   text,
    handoff_mode     text,
    ruleset_revision text,
    -- The facts the handoff rules saw, so `jiri rules replay` can re-decide.
    facts            jsonb,
    handoff_trace    jsonb,
    latency_ms       integer     NOT NULL CHECK (latency_ms >= 0),
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (session_id, seq),
    UNIQUE (owner, idempotency_key)
);
CREATE INDEX turns_created_at_idx ON turns (created_at);

CREATE TABLE messages (
    session_id  text        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq         integer     NOT NULL CHECK (seq > 0),
    turn_id     text        NOT NULL REFERENCES turns (id) ON DELETE CASCADE,
    role        text        NOT NULL CHECK (role IN ('user', 'assistant')),
    content     text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    -- The primary key is the history read: one session's messages in order.
    PRIMARY KEY (session_id, seq)
);
CREATE INDEX messages_turn_idx ON messages (turn_id);

CREATE TABLE rulesets (
    revision    text        PRIMARY KEY,
    source      text        NOT NULL,
    checksum    text        NOT NULL,
    created_by  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Exactly one row: the revision every instance serves.
CREATE TABLE active_ruleset (
    singleton     boolean     PRIMARY KEY DEFAULT true CHECK (singleton),
    revision      text        NOT NULL REFERENCES rulesets (revision),
    activated_by  text        NOT NULL,
    activated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
    id        bigserial   PRIMARY KEY,
    at        timestamptz NOT NULL DEFAULT now(),
    actor     text        NOT NULL,
    action    text        NOT NULL,
    target    text,
    detail    jsonb       NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at);

CREATE TABLE api_keys (
    id          text        PRIMARY KEY,
    principal   text        NOT NULL,
    scopes      text[]      NOT NULL,
    -- SHA-256 of the secret part; the secret itself is shown once and never stored.
    secret_hash bytea       NOT NULL,
    roles       jsonb       NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);
CREATE INDEX api_keys_principal_idx ON api_keys (principal);
