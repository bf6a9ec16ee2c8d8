/// Who is talking: the authenticated caller, or `anonymous` where an operator
/// allowed anonymous access. Sessions belong to a principal.
public struct Principal: Sendable, Hashable {
    public var id: String
    public var scopes: Set<Scope>
    /// Role per app, e.g. `["nagz": "guardian"]`; intents check `allowed_roles` against it.
    public var roles: [String: String]

    public init(id: String, scopes: Set<Scope>, roles: [String: String] = [:]) {
        self.id = id
        self.scopes = scopes
        self.roles = roles
    }

    public static let anonymous = Principal(id: "anonymous", scopes: [.turn, .history])

    public enum Scope: String, Sendable, Hashable, CaseIterable {
        case turn, history, `operator`
    }
}
