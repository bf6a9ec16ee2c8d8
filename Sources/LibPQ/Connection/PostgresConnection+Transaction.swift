extension PostgresConnection {
    /// Runs `body` in a transaction: COMMIT when it returns, ROLLBACK when it throws
    /// (also when the task was cancelled). Inside another transaction it uses a
    /// savepoint, so only the inner work is undone.
    ///
    /// If a statement in `body` failed but `body` caught that error and returned,
    /// the transaction is rolled back and this throws SQLSTATE 25P02: Postgres would
    /// answer COMMIT with a silent ROLLBACK.
    public func withTransaction<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let savepoint = transactionState == .idle ? nil : makeSavepointName()
        if let savepoint {
            try await query("SAVEPOINT \(unescaped: savepoint)")
        } else {
            try await query("BEGIN")
        }

        let value: Result
        do {
            value = try await body(self)
        } catch {
            await rollBack(to: savepoint)
            throw error
        }

        guard transactionState != .failed else {
            await rollBack(to: savepoint)
            throw PostgresError(
                kind: .server,
                message: "the transaction was rolled back because a statement in it failed",
                sqlState: "25P02"
            )
        }
        do {
            if let savepoint {
                try await query("RELEASE SAVEPOINT \(unescaped: savepoint)")
            } else {
                try await query("COMMIT")
            }
        } catch {
            // A failed COMMIT already ended the transaction; a cancelled one never ran.
            if transactionState != .idle {
                await rollBack(to: savepoint)
            }
            throw error
        }
        return value
    }

    private func rollBack(to savepoint: String?) async {
        if let savepoint {
            _ = await runCleanup("ROLLBACK TO SAVEPOINT \(savepoint); RELEASE SAVEPOINT \(savepoint)")
        } else {
            _ = await runCleanup("ROLLBACK")
        }
    }
}
