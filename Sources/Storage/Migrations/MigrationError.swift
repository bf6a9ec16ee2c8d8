import LibPQ

/// Why the migrator refused to run or stopped.
public struct MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// An applied file's content changed since it was applied.
        case changedFile(name: String, appliedChecksum: String, fileChecksum: String)
        /// A `.sql` file whose name is not `NNNN_name.sql`.
        case invalidFileName(String)
        /// Two files share a version number.
        case duplicateVersion(String, String)
        /// A pending file sorts before one already applied (a renumbering or a merge
        /// of two branches): applying it now would run migrations out of order.
        case outOfOrder(name: String, lastApplied: String)
        case unreadableDirectory(path: String, message: String)
        /// A file failed; its transaction was rolled back and later files were not run.
        case failed(name: String, error: PostgresError)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .changedFile(let name, let applied, let file):
            return "migration \(name) changed after it was applied (applied checksum \(applied), "
                + "file checksum \(file)); add a new migration instead of editing an applied one"
        case .invalidFileName(let name):
            return "migration file \(name) is not named NNNN_name.sql"
        case .duplicateVersion(let first, let second):
            return "migrations \(first) and \(second) have the same number"
        case .outOfOrder(let name, let lastApplied):
            return "migration \(name) is pending but sorts before \(lastApplied), which is already applied; renumber it"
        case .unreadableDirectory(let path, let message):
            return "cannot read the migrations directory \(path): \(message)"
        case .failed(let name, let error):
            return "migration \(name) failed and was rolled back: \(error)"
        }
    }
}
