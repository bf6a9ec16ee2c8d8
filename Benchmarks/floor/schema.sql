-- Throwaway table for the pgbench floor, in its own database (dropped after the run).
CREATE TABLE floor_messages (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id  text        NOT NULL,
    role        text        NOT NULL,
    content     text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX floor_messages_session_idx ON floor_messages (session_id, id);
