import Foundation
import Storage

/// What the rules reloader serves and how its last attempts went (`GET /admin/rules`).
public struct RulesReloaderStatus: Sendable, Hashable {
    public enum Origin: Sendable, Hashable {
        /// A revision published to Postgres.
        case published(ActiveRuleset)
        /// The rules file; no revision is published.
        case file(path: String)
    }

    public var origin: Origin
    public var revision: String
    /// When the serving ruleset was loaded.
    public var loadedAt: Date
    /// When Postgres last answered the reloader's poll; nil when it never has.
    public var checkedAt: Date?
    /// Why the last ruleset that did not load was refused; cleared by the next successful load.
    public var lastError: String?
    public var lastErrorAt: Date?
    /// Why the last poll could not read the active revision; nil once Postgres answers again.
    public var pollError: String? = nil
}
