import Foundation
import LibPQ
import Storage

/// A history page read at 100k messages in one session, through
/// `PostgresTranscriptStore` on the local Postgres, against a session of 100
/// messages; and a turn commit into each, to show what a long history costs a turn.
/// Both sessions are seeded with one `INSERT ... SELECT generate_series` and
/// deleted at the end.
struct HistoryBenchmark {
    let databaseURL: String
    let report: Report

    static let longHistory = 100_000
    static let shortHistory = 100

    func run() async throws {
        try await withBenchSessions("bench-history", databaseURL: databaseURL, maxConnections: 2) { pool, prefix in
            let long = "\(prefix)-long"
            let short = "\(prefix)-short"
            let store = PostgresTranscriptStore(pool: pool)
            let seedStart = ContinuousClock.now
            try await seed(long, messages: Self.longHistory, pool: pool)
            report.record("history", "seed \(Self.longHistory) messages (\(Self.longHistory / 2) turns, one INSERT ... SELECT)",
                          Stopwatch.nanoseconds(ContinuousClock.now - seedStart) / 1e6, "ms")
            try await seed(short, messages: Self.shortHistory, pool: pool)

            try await page(store, long, before: nil, label: "newest page of 50, 100k messages")
            try await page(store, long, before: Self.longHistory / 2 + 1, label: "middle page of 50, 100k messages")
            try await page(store, long, before: 51, label: "oldest page of 50, 100k messages")
            try await page(store, short, before: nil, label: "newest page of 50, 100 messages")

            try await commits(store, long, history: Self.longHistory, label: "turn commit, session of 100k messages")
            try await commits(store, short, history: Self.shortHistory, label: "turn commit, session of 100 messages")
        }
    }

    private func page(_ store: PostgresTranscriptStore, _ session: String, before: Int?, label: String) async throws {
        var read = 0
        let samples = try await Stopwatch.samples(warmup: 50, operations: 1_000) { _ in
            guard let page = try await store.history(sessionID: session, before: before, limit: 50) else {
                throw BenchError("session \(session) vanished")
            }
            read = page.messages.count
        }
        report.record("history", "\(label) p50", samples.median / 1e3, "µs", note: "\(read) messages read")
        report.record("history", "\(label) p99", samples.percentile(0.99) / 1e3, "µs")
        report.record("history", "\(label) rate", 1e9 / samples.median, "pages/s", note: "one connection, sequential")
    }

    /// Durable turn commits (one statement each) into a session with `history` messages.
    private func commits(_ store: PostgresTranscriptStore, _ session: String, history: Int, label: String) async throws {
        let record = Self.turnRecord(session: session, turnCount: history / 2)
        let samples = try await Stopwatch.samples(warmup: 20, operations: 300) { index in
            var turn = record
            turn.turnID = "\(session)-t\(index)-\(UUID().uuidString.prefix(8))"
            blackHole(try await store.commit(turn))
        }
        report.record("history", "\(label) p50", samples.median / 1e3, "µs", note: "synchronous commit, fsync")
        report.record("history", "\(label) p99", samples.percentile(0.99) / 1e3, "µs")
    }

    /// `messages / 2` turns, each holding its two messages, in one statement.
    private func seed(_ session: String, messages: Int, pool: PostgresPool) async throws {
        let turns = messages / 2
        try await pool.query("""
            INSERT INTO sessions (id, owner, client, turn_count) VALUES (\(session), 'bench', 'ios_app', \(turns))
            """)
        try await pool.query("""
            INSERT INTO turns (id, session_id, seq, owner, request_hash, request, response, latency_ms,
                               created_at, user_text, user_at, reply_text)
            SELECT \(session) || '-seed-' || g, \(session), g, 'bench', '\\x00'::bytea, '{}', '{}', 0,
                   now() - make_interval(secs => \(messages) - 2 * g),
                   'Add a happy mood in MoodBoard, take ' || (2 * g - 1),
                   now() - make_interval(secs => \(messages) - 2 * g + 1),
                   'Mood added! Entry ' || (2 * g)
            FROM generate_series(1, \(turns)) AS g
            """)
    }

    /// A turn shaped like the pipeline's: request, response, facts and trace JSON.
    static func turnRecord(session: String, turnCount: Int) -> TurnRecord {
        let now = Date()
        let response = String(decoding: (try? JSONEncoder().encode(TurnJSONBenchmark.response)) ?? Data(), as: UTF8.self)
        return TurnRecord(
            turnID: "", session: SessionRecord(id: session, owner: "bench", client: "ios_app", createdAt: now,
                                               turnCount: turnCount, stateJSON: #"{"declinedVisual":false}"#),
            idempotencyKey: nil, requestHash: Array(repeating: 7, count: 32),
            requestJSON: String(decoding: TurnJSONBenchmark.iosBody, as: UTF8.self), responseJSON: response,
            userText: "Add a happy mood in MoodBoard", userAt: now, replyText: "Mood added!", replyAt: now,
            intentID: "moodboard.AddMoodIntent", intentStatus: "completed",
            decision: HandoffRecord(handoff: false, rulesetRevision: "2026-05-12.1",
                                    factsJSON: #"{"utterance.text":"Add a happy mood in MoodBoard","device.surface":"phone"}"#),
            latencyMs: 1
        )
    }
}
