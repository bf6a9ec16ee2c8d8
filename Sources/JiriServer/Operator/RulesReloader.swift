import Conversation
import Foundation
import Handoff
import Logging
import Metrics
import NIOPosix
import ServiceLifecycle
import Storage
import Synchronization

/// Keeps every instance serving the active handoff rules without a restart.
///
/// At start and then every `pollInterval` it reads `active_ruleset`: when a published revision
/// is active and differs from the one served, its text is loaded and swapped into the
/// `RulesProvider`. With nothing published it serves the rules file, reloading it when the file
/// changes (modification time, size or inode) or on SIGHUP (handled from the reloader's
/// creation on; see `HangupSignal`). A ruleset that does not load is
/// logged, shown in `status`, and not retried until it changes; the previous one stays, so an
/// instance never serves without rules. When Postgres is unreachable the served rules stay.
public final class RulesReloader: Service, Sendable {
    public let pollInterval: Duration
    private let provider: RulesProvider
    private let store: RulesetStore
    private let rulesFile: URL
    private let logger: Logger
    private let state: Mutex<State>

    /// What the reloader serves and what it has given up on, changed only by `refresh`.
    private struct State {
        enum Serving: Equatable {
            case file(RulesFileSignature?)
            case published(String)

            var isFile: Bool {
                if case .file = self { true } else { false }
            }
        }

        var serving: Serving
        var rejectedRevision: String?
        var rejectedFile: RulesFileSignature?
        var status: RulesReloaderStatus
    }

    /// `provider` must already hold the rules file's ruleset (as `JiriComponents` loads it).
    public init(provider: RulesProvider, store: RulesetStore, rulesFile: URL,
                pollInterval: Duration = .seconds(1), logger: Logger) {
        self.provider = provider
        self.store = store
        self.rulesFile = rulesFile
        self.pollInterval = pollInterval
        self.logger = logger
        let status = RulesReloaderStatus(origin: .file(path: rulesFile.path), revision: provider.revision,
                                         loadedAt: Date(), checkedAt: nil)
        let signature = try? RulesFileSignature.of(rulesFile)
        state = Mutex(State(serving: .file(signature), status: status))
        RulesetMetrics.recordLoad(origin: "file", from: nil, to: provider.revision)
        HangupSignal.install()
    }

    public var status: RulesReloaderStatus {
        state.withLock { $0.status }
    }

    /// Polls until graceful shutdown; a SIGHUP is noticed within `hangupCheckInterval`.
    public func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            var hangups = HangupSignal.count
            var lastPoll = ContinuousClock.now
            await refresh()
            while (try? await Task.sleep(for: min(pollInterval, Self.hangupCheckInterval))) != nil {
                let now = ContinuousClock.now
                if HangupSignal.count != hangups {
                    hangups = HangupSignal.count
                    lastPoll = now
                    await refresh(hangup: true)
                } else if now - lastPoll >= pollInterval {
                    lastPoll = now
                    await refresh()
                }
            }
        }
        RulesetMetrics.recordStop(serving: provider.revision)
    }

    /// How often `run` looks for a SIGHUP between polls.
    static let hangupCheckInterval = Duration.milliseconds(200)

    /// One check: the published revision if there is one, else the rules file (re-read when it
    /// changed or on `hangup`). `run` calls it; call it yourself only before `run` starts, e.g.
    /// to serve the published revision from the first request.
    public func refresh(hangup: Bool = false) async {
        let active: ActiveRuleset?
        do {
            active = try await store.activeRuleset()
        } catch {
            let (firstFailure, servesFile) = state.withLock { state in
                defer { state.status.pollError = "cannot read the active revision: \(error)" }
                return (state.status.pollError == nil, state.serving.isFile)
            }
            if firstFailure {
                logger.warning("handoff rules: cannot read the active revision; serving the current rules",
                               metadata: ["error": "\(error)", "revision": "\(provider.revision)"])
            }
            if servesFile {
                await refreshFile(hangup: hangup)
            }
            return
        }
        let recovered = state.withLock { state in
            defer {
                state.status.pollError = nil
                state.status.checkedAt = Date()
            }
            return state.status.pollError != nil
        }
        if recovered {
            logger.notice("handoff rules: the active revision is readable again")
        }
        if let active {
            await apply(active)
        } else {
            await refreshFile(hangup: hangup)
        }
    }

    // MARK: Published revisions

    private func apply(_ active: ActiveRuleset) async {
        let skip = state.withLock { state in
            if state.serving == .published(active.revision) {
                state.status.origin = .published(active)
                return true
            }
            return state.rejectedRevision == active.revision
        }
        if skip { return }
        let ruleset: Ruleset
        do {
            guard let published = try await store.revision(active.revision) else {
                throw RulesetStoreError.unknownRevision(active.revision)
            }
            ruleset = try Ruleset(published: published)
        } catch {
            reject(error, origin: "published", revision: active.revision)
            return
        }
        let previous = provider.revision
        provider.replace(with: ruleset)
        RulesetMetrics.recordLoad(origin: "published", from: previous, to: ruleset.revision)
        state.withLock { state in
            state.serving = .published(active.revision)
            state.rejectedRevision = nil
            state.status = RulesReloaderStatus(origin: .published(active), revision: ruleset.revision,
                                               loadedAt: Date(), checkedAt: state.status.checkedAt,
                                               pollError: state.status.pollError)
        }
        logger.notice("handoff rules: serving the published revision", metadata: [
            "revision": "\(active.revision)", "activated_by": "\(active.activatedBy)",
        ])
    }

    // MARK: The rules file

    private func refreshFile(hangup: Bool) async {
        let file = rulesFile
        let signature = try? await NIOThreadPool.singleton.runIfActive { try RulesFileSignature.of(file) }
        let skip = state.withLock { state in
            if hangup { return false }
            if state.serving == .file(signature) { return true }
            return signature == nil || state.rejectedFile == signature
        }
        if skip { return }
        let ruleset: Ruleset
        do {
            ruleset = try await NIOThreadPool.singleton.runIfActive { try Ruleset.load(file: file) }
        } catch {
            state.withLock { $0.rejectedFile = signature }
            reject(error, origin: "file", revision: nil)
            return
        }
        let previous = provider.revision
        provider.replace(with: ruleset)
        RulesetMetrics.recordLoad(origin: "file", from: previous, to: ruleset.revision)
        state.withLock { state in
            state.serving = .file(signature)
            state.rejectedFile = nil
            state.status = RulesReloaderStatus(origin: .file(path: file.path), revision: ruleset.revision,
                                               loadedAt: Date(), checkedAt: state.status.checkedAt,
                                               pollError: state.status.pollError)
        }
        logger.notice("handoff rules: serving the rules file", metadata: [
            "file": "\(file.path)", "revision": "\(ruleset.revision)",
        ])
    }

    private func reject(_ error: any Error, origin: String, revision: String?) {
        RulesetMetrics.recordRejection(origin: origin)
        state.withLock { state in
            if let revision { state.rejectedRevision = revision }
            state.status.lastError = "\(error)"
            state.status.lastErrorAt = Date()
        }
        logger.error("handoff rules: refused a ruleset that does not load; the previous rules stay", metadata: [
            "origin": "\(origin)", "revision": "\(revision ?? "-")", "serving": "\(provider.revision)",
            "error": "\(error)",
        ])
    }
}
