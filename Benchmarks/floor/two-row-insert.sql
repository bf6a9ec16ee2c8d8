-- The Postgres floor for a turn: one durable transaction that writes two rows
-- (the user's message and the reply), in one round trip, as a turn commits.
\set sid random(1, 1000)
INSERT INTO floor_messages (session_id, role, content)
VALUES ('bench-' || :sid, 'user', 'Add a happy mood in MoodBoard'), ('bench-' || :sid, 'assistant', 'Mood added!');
