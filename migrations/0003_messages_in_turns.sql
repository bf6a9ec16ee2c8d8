-- A turn's two messages (what the user said, what Jiri answered) become
-- columns of its turn row (issue #6). Every message ever written belonged to
-- exactly one turn, so the `messages` table only repeated the turn's key, its
-- session and its sequence: writing it cost each turn two more rows, four index
-- entries and four foreign-key checks, about a third of Postgres's CPU for a
-- lone turn's statement (pgbench, synchronous_commit off: 6.2k-7.5k against
-- 8.9k-12.4k statements/s without the two rows).
--
-- History keeps its message numbering: a turn of sequence n holds message
-- 2n - 1 (the user's) and 2n (Jiri's), as before, so cursors handed out before
-- this migration still mean the same messages.
--
-- This rewrites every turn row once; on a large database, run it in a quiet hour.

ALTER TABLE turns
    ADD COLUMN user_text  text,
    ADD COLUMN user_at    timestamptz,
    ADD COLUMN reply_text text;

UPDATE turns t
SET user_text = u.content, user_at = u.created_at, reply_text = a.content
FROM messages u, messages a
WHERE u.session_id = t.session_id AND u.seq = t.seq * 2 - 1
  AND a.session_id = t.session_id AND a.seq = t.seq * 2;

-- A turn whose messages are missing (none should be) keeps what its stored
-- request and response say.
UPDATE turns
SET user_text = coalesce(user_text, request ->> 'user_text', ''),
    user_at = coalesce(user_at, created_at),
    reply_text = coalesce(reply_text, response ->> 'reply_text', '')
WHERE user_text IS NULL OR user_at IS NULL OR reply_text IS NULL;

ALTER TABLE turns
    ALTER COLUMN user_text SET NOT NULL,
    ALTER COLUMN user_at SET NOT NULL,
    ALTER COLUMN reply_text SET NOT NULL;

DROP TABLE messages;
