import Foundation

/// A published revision of the handoff rules: the YAML exactly as published.
public struct PublishedRuleset: Sendable, Hashable {
    public var revision: String
    /// The rules file's text.
    public var source: String
    /// SHA-256 of `source`, hex.
    public var checksum: String
    public var createdBy: String
    public var createdAt: Date
}

/// The revision every instance serves, and who made it so.
public struct ActiveRuleset: Sendable, Hashable {
    public var revision: String
    public var activatedBy: String
    public var activatedAt: Date
}

/// One publish or rollback, as the audit log records it.
public struct RulesetActivation: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case publish = "rules.publish"
        case rollback = "rules.rollback"
    }

    public var action: Action
    /// The revision activated.
    public var revision: String
    /// The revision that was active before; nil for the first publish.
    public var previous: String?
    public var actor: String
    public var at: Date
}

/// What a publish or rollback did.
public enum ActivationOutcome: Sendable, Hashable {
    /// The revision is now active (`newRevision`: it was stored by this publish).
    case activated(RulesetActivation, newRevision: Bool)
    /// The revision was already active; nothing changed and nothing was logged.
    case alreadyActive(revision: String)

    /// The revision active afterwards.
    public var revision: String {
        switch self {
        case .activated(let activation, _): activation.revision
        case .alreadyActive(let revision): revision
        }
    }
}

public enum RulesetStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The revision id is taken by different text: bump `revision:` in the file.
    case revisionConflict(revision: String)
    case unknownRevision(String)
    /// Nothing has been published, so there is nothing to roll back.
    case nothingPublished
    /// The active revision was not activated through the store, so its predecessor is unknown.
    case noPreviousRevision(active: String)
    case invalidRevision(String)

    public var description: String {
        switch self {
        case .revisionConflict(let revision):
            "revision \(revision) is already published with different rules; change `revision:` in the file"
        case .unknownRevision(let revision):
            "no published revision \(revision)"
        case .nothingPublished:
            "no revision has been published; nothing to roll back"
        case .noPreviousRevision(let active):
            "no revision was active before \(active); name the revision to roll back to"
        case .invalidRevision(let revision):
            "'\(revision)' is not a revision id: use 1–128 visible characters"
        }
    }
}
