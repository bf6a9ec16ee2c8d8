/// Runs Oppi's Ask Pi against an Oppi server: picks the workspace the user
/// named (or the only or first one), then starts a pi session on the prompt
/// and returns at once; pi works on it on the server.
public struct OppiConnector: ToolConnector {
    let client: HTTPConnectorClient
    let completed: CompletedActions

    static let askPi = "oppi.ask_pi"

    public init(client: HTTPConnectorClient) {
        self.client = client
        self.completed = CompletedActions()
    }

    public func execute(_ invocation: ToolInvocation) async -> ToolOutcome {
        let name = invocation.intent.operation ?? invocation.intent.id
        let call = client.startCall(name)
        guard name == Self.askPi else {
            return .failure(ConnectorFailure(.unsupported, detail: "no Oppi operation \(name)"), for: invocation, call: call)
        }
        return await completed.once(invocation.actionKey) {
            await askPi(invocation, call: call)
        }
    }

    private func askPi(_ invocation: ToolInvocation, call: ConnectorCall) async -> ToolOutcome {
        guard let prompt = invocation.mention("prompt") else {
            let question = invocation.intent.parameter(named: "prompt")?.prompt ?? "What should Pi do?"
            return .needsValue("prompt", question: question, call: call)
        }
        let workspaces: [OppiWorkspace]
        do {
            workspaces = try await client.get("/workspaces", as: ListResponse<OppiWorkspace>.self, in: call).elements
        } catch {
            return .failure(error, for: invocation, call: call)
        }

        let workspace: OppiWorkspace
        switch choose(invocation.mention("workspace"), among: workspaces) {
        case .resolved(let chosen):
            workspace = chosen
        case .ambiguous(let candidates):
            let question = "Which workspace: \(candidates.map(label).spokenChoice())?"
            return .needsValue("workspace", question: question, call: call)
        case .notFound:
            let detail = workspaces.isEmpty ? "the server lists no workspaces" : "no workspace matches the mention"
            return .failure(ConnectorFailure(.notFound, detail: detail), for: invocation, call: call)
        }

        let values = ["workspaceName": workspace.name, "serverName": workspace.serverName].compactMapValues { $0 }
        let session = OppiSessionRequest(model: invocation.mention("model") ?? workspace.defaultModel,
                                         thinking: invocation.mention("thinking")?.lowercased(), prompt: prompt)
        do {
            let path = "/workspaces/\(HTTPConnectorClient.pathSegment(workspace.id))/sessions"
            let _: NoContent = try await client.send(.POST, path, body: session, idempotencyKey: invocation.turnID, in: call)
        } catch {
            // The backend refusing the session is Oppi's "couldn't start a session".
            let failure = error.code == .rejected ? ConnectorFailure(.sessionFailed, detail: error.detail) : error
            return .failure(failure, for: invocation, values: values, call: call)
        }
        return .completed(invocation, dialog: ["success"], values: values, call: call)
    }

    /// The named workspace; with no name, the first one the server lists.
    private func choose(_ mention: String?, among workspaces: [OppiWorkspace]) -> MentionResolution<OppiWorkspace> {
        guard let mention else { return workspaces.first.map { .resolved($0) } ?? .notFound }
        return MentionResolver.resolve(mention, among: workspaces) { workspace in
            [workspace.name] + (workspace.serverName.map { ["\($0) \(workspace.name)"] } ?? [])
        }
    }

    /// "oppi-dev on Mac Studio": the server tells apart workspaces of the same name.
    private func label(_ workspace: OppiWorkspace) -> String {
        workspace.serverName.map { "\(workspace.name) on \($0)" } ?? workspace.name
    }
}

extension ConnectorFailure.Code {
    /// Oppi: the server would not start a pi session.
    static let sessionFailed = ConnectorFailure.Code(rawValue: "session_failed")
}
