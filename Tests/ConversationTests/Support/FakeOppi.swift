import Foundation
import Hummingbird

/// The part of an Oppi server's API Jiri calls: workspaces and session creation.
actor FakeOppi {
    struct Workspace: Sendable {
        var id: String
        var name: String
        var serverName: String?
        var defaultModel: String?
    }

    let workspaces: [Workspace]
    /// Answer session creation with this status instead of creating one.
    let sessionStatus: HTTPResponse.Status
    private(set) var sessions: [(workspaceID: String, id: String)] = []

    init(workspaces: [Workspace], sessionStatus: HTTPResponse.Status = .created) {
        self.workspaces = workspaces
        self.sessionStatus = sessionStatus
    }

    nonisolated func routes(_ router: Router<BasicRequestContext>) {
        router.get("workspaces") { _, _ in try await self.listWorkspaces() }
        router.post("workspaces/:id/sessions") { _, context in
            try await self.createSession(in: context.parameters.require("id"))
        }
    }

    private func listWorkspaces() throws -> Response {
        try jsonResponse(workspaces.map { workspace in
            var object: [String: Any] = ["id": workspace.id, "name": workspace.name]
            object["server_name"] = workspace.serverName
            object["default_model"] = workspace.defaultModel
            return object
        })
    }

    private func createSession(in workspaceID: String) throws -> Response {
        guard workspaces.contains(where: { $0.id == workspaceID }) else {
            return try jsonResponse(["error": "no such workspace"], status: .notFound)
        }
        guard sessionStatus == .created else {
            return try jsonResponse(["error": "refused"], status: sessionStatus)
        }
        let id = "session-\(sessions.count + 1)"
        sessions.append((workspaceID, id))
        return try jsonResponse(["id": id, "workspace_id": workspaceID, "status": "starting"], status: .created)
    }
}
