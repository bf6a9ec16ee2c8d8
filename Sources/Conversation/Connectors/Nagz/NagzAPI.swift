/// The Nagz endpoints the connector uses, over one tool execution's call.
struct NagzAPI: Sendable {
    let client: HTTPConnectorClient
    let call: ConnectorCall

    func families() async throws(ConnectorFailure) -> [NagzFamily] {
        try await client.get("/families", as: ListResponse<NagzFamily>.self, in: call).elements
    }

    func members(familyID: String) async throws(ConnectorFailure) -> [NagzMember] {
        try await client.get("/families/\(segment(familyID))/members", as: ListResponse<NagzMember>.self, in: call).elements
    }

    func openNags(familyID: String, category: String? = nil) async throws(ConnectorFailure) -> [NagzNag] {
        var query = [(name: "family_id", value: familyID), (name: "status", value: "open")]
        if let category { query.append((name: "category", value: category)) }
        return try await client.get("/nags", query: query, as: ListResponse<NagzNag>.self, in: call).elements
    }

    /// The created nag in the answer is not read: success is the status code.
    func createNag(_ nag: NagCreateRequest, idempotencyKey: String) async throws(ConnectorFailure) {
        let _: NoContent = try await client.send(.POST, "/nags", body: nag, idempotencyKey: idempotencyKey, in: call)
    }

    func setStatus(nagID: String, _ status: NagStatusRequest, idempotencyKey: String) async throws(ConnectorFailure) {
        let _: NoContent = try await client.send(.POST, "/nags/\(segment(nagID))/status", body: status, idempotencyKey: idempotencyKey, in: call)
    }

    func reschedule(nagID: String, _ update: NagRescheduleRequest, idempotencyKey: String) async throws(ConnectorFailure) {
        let _: NoContent = try await client.send(.PATCH, "/nags/\(segment(nagID))", body: update, idempotencyKey: idempotencyKey, in: call)
    }

    func weeklyReport(familyID: String) async throws(ConnectorFailure) -> NagzWeeklyReport {
        try await client.get("/families/\(segment(familyID))/reports/weekly", in: call)
    }

    private func segment(_ id: String) -> String {
        HTTPConnectorClient.pathSegment(id)
    }
}
