import Catalog
import JiriAPI
import Understanding

/// Intents that run on the device (apps with no server, like MoodBoard): the
/// turn answers with the invocation in `actions` for the client to perform.
public struct ClientActionConnector: ToolConnector {
    public init() {}

    public func execute(_ invocation: ToolInvocation) async -> ToolOutcome {
        let action = ClientAction(
            app: invocation.app.name,
            intent: invocation.intent.typeName,
            parameters: invocation.slots.mapValues(\.jsonValue)
        )
        let reply = DialogTemplate.render(
            invocation.intent.dialogs["success"] ?? "Okay, sending that to \(invocation.app.displayName).",
            slots: invocation.slots,
            context: invocation.context
        )
        return ToolOutcome(status: .completed, replyText: reply, actions: [action], trace: ["client:\(invocation.intent.id)"])
    }
}

/// An app whose connector is not configured or not reachable: say so in the
/// app's words, never pretend it worked.
public struct UnavailableConnector: ToolConnector {
    let reason: String

    public init(reason: String = "unreachable") {
        self.reason = reason
    }

    public func execute(_ invocation: ToolInvocation) async -> ToolOutcome {
        .failure(invocation.app, error: reason, trace: ["\(invocation.intent.id):\(reason)"])
    }
}
