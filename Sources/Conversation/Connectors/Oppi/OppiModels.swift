// The part of the Oppi server API the connector uses.

/// `GET /workspaces` element.
struct OppiWorkspace: Decodable, Sendable {
    var id: String
    var name: String
    /// The paired server the workspace lives on ("Mac Studio").
    var serverName: String?
    var defaultModel: String?
}

/// `POST /workspaces/{id}/sessions` body: start pi on `prompt`.
struct OppiSessionRequest: Encodable, Sendable {
    var model: String?
    /// `off`, `low`, `medium` or `high`.
    var thinking: String?
    var prompt: String
}
