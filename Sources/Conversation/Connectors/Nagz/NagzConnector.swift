import Catalog
import Foundation
import Understanding

/// Runs Nagz intents against the Nagz REST API: resolves the family member
/// or nag the user named, checks the caller's family role before anything
/// is written, and answers with the catalog's dialogs. A nag's description
/// is sent when creating it and never read back.
public struct NagzConnector: ToolConnector {
    let client: HTTPConnectorClient
    /// `NAGZ_FAMILY_ID`; without it, the first family `GET /families` lists.
    let familyID: String?
    let completed: CompletedActions

    public init(client: HTTPConnectorClient, familyID: String? = nil) {
        self.client = client
        self.familyID = familyID.flatMap { $0.isEmpty ? nil : $0 }
        self.completed = CompletedActions()
    }

    /// The catalog's `operation` names this connector implements.
    enum Operation: String, CaseIterable {
        case createNag = "nagz.create_nag"
        case completeNag = "nagz.complete_nag"
        case listNags = "nagz.list_nags"
        case checkOverdue = "nagz.check_overdue"
        case snoozeNag = "nagz.snooze_nag"
        case familyStatus = "nagz.family_status"

        /// Changes something in Nagz, so a retried turn must not repeat it.
        var changesState: Bool {
            switch self {
            case .createNag, .completeNag, .snoozeNag: true
            case .listNags, .checkOverdue, .familyStatus: false
            }
        }
    }

    public func execute(_ invocation: ToolInvocation) async -> ToolOutcome {
        let name = invocation.intent.operation ?? invocation.intent.id
        let call = client.startCall(name)
        guard let operation = Operation(rawValue: name) else {
            return .failure(ConnectorFailure(.unsupported, detail: "no Nagz operation \(name)"), for: invocation, call: call)
        }
        guard operation.changesState else {
            return await run(operation, invocation, call: call)
        }
        return await completed.once(invocation.actionKey) {
            await run(operation, invocation, call: call)
        }
    }

    private func run(_ operation: Operation, _ invocation: ToolInvocation, call: ConnectorCall) async -> ToolOutcome {
        let api = NagzAPI(client: client, call: call)
        do {
            // A role the principal carries is checked before any request.
            try authorize(invocation, members: nil, call: call)
            switch operation {
            case .createNag: return try await createNag(invocation, api: api)
            case .completeNag: return try await completeNag(invocation, api: api)
            case .snoozeNag: return try await snoozeNag(invocation, api: api)
            case .listNags: return try await listNags(invocation, api: api)
            case .checkOverdue: return try await checkOverdue(invocation, api: api)
            case .familyStatus: return try await familyStatus(invocation, api: api)
            }
        } catch {
            return .failure(error, for: invocation, call: call)
        }
    }

    // MARK: Shared steps

    /// The configured family, else the first one the account belongs to.
    func resolveFamily(_ api: NagzAPI) async throws(ConnectorFailure) -> String {
        if let familyID { return familyID }
        guard let family = try await api.families().first else {
            throw ConnectorFailure(.noFamily, detail: "the account belongs to no family")
        }
        return family.familyId
    }

    /// Refuses an intent the caller's role may not run: the role the
    /// principal carries for the app, else the one Nagz lists for the member
    /// with the principal's id. With neither, Nagz itself decides (403).
    func authorize(_ invocation: ToolInvocation, members: [NagzMember]?, call: ConnectorCall) throws(ConnectorFailure) {
        guard let allowed = invocation.intent.allowedRoles, !allowed.isEmpty else { return }
        let principal = invocation.principal
        let role = principal.roles[invocation.app.name] ?? members?.first { $0.userId == principal.id }?.role
        guard let role, !allowed.contains(role) else { return }
        call.record("refused: role \(role) is not one of \(allowed.joined(separator: ", "))")
        throw ConnectorFailure(.notPermitted, detail: "role \(role)")
    }

    /// Whether the intent is limited to some roles and the principal carries none for Nagz,
    /// so the role has to come from the member list.
    func needsMemberRole(_ invocation: ToolInvocation) -> Bool {
        guard let allowed = invocation.intent.allowedRoles, !allowed.isEmpty else { return false }
        return invocation.principal.roles[invocation.app.name] == nil
    }

    /// The question for a parameter the user has not given (or gave in a form Nagz cannot use).
    func ask(_ name: String, _ invocation: ToolInvocation, call: ConnectorCall) -> ToolOutcome {
        let parameter = invocation.intent.parameter(named: name)
        let question = parameter?.prompt ?? "What \(parameter?.title?.lowercased() ?? name) should I use?"
        return .needsValue(name, question: question, call: call)
    }

    /// The category value (`meds`) for what the user said (`medicine`), using the catalog's synonyms.
    func category(from mention: String?, app: AppDefinition) -> String? {
        guard let mention else { return nil }
        guard let categories = app.enumeration(named: NagSelection.categoryEnum) else { return mention.lowercased() }
        return NagSelection.category(in: MentionResolver.words(of: mention), among: categories)?.value
    }
}

extension ConnectorFailure.Code {
    /// Nagz: the account has not joined a family.
    static let noFamily = ConnectorFailure.Code(rawValue: "no_family")
}
