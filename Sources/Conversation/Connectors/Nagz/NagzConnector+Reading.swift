/// The intents that only read Nagz: open nags, overdue nags, the weekly family report.
extension NagzConnector {
    func listNags(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> ToolOutcome {
        let family = try await resolveFamily(api)
        let category = category(from: invocation.mention("category"), app: invocation.app)
        // Filtered here too, in case the backend ignores the `category` query parameter.
        let nags = try await api.openNags(familyID: family, category: category)
            .filter { nag in category.map { nag.category.lowercased() == $0.lowercased() } ?? true }
        let keys = switch nags.count {
        case 0: ["empty", "success"]
        case 1: ["success_one", "success"]
        default: ["success"]
        }
        return .completed(invocation, dialog: keys, values: ["count": String(nags.count)], itemCount: nags.count, call: api.call)
    }

    /// Open nags whose due time has passed, oldest first, read out by category
    /// only: "2 overdue: homework, chores."
    func checkOverdue(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> ToolOutcome {
        let family = try await resolveFamily(api)
        let overdue = try await api.openNags(familyID: family)
            .filter { $0.dueAt < invocation.context.now }
            .sorted { $0.dueAt < $1.dueAt }
        guard !overdue.isEmpty else {
            return .completed(invocation, dialog: ["empty"], values: ["count": "0"], itemCount: 0, call: api.call)
        }
        let summary = overdue.map(\.category).joined(separator: ", ")
        return .completed(invocation, dialog: ["success"], values: ["count": String(overdue.count), "summary": summary],
                          itemCount: overdue.count, call: api.call)
    }

    func familyStatus(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> ToolOutcome {
        let family = try await resolveFamily(api)
        if needsMemberRole(invocation) {
            try authorize(invocation, members: try await api.members(familyID: family), call: api.call)
        }
        let report = try await api.weeklyReport(familyID: family)
        return .completed(invocation, dialog: ["success"],
                          values: ["completionRate": String(report.percent), "totalNags": String(report.totalNags)],
                          call: api.call)
    }
}
