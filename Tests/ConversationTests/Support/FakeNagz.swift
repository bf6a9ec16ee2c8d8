import Foundation
import Hummingbird

/// The part of the Nagz REST API Jiri calls, over in-memory state, served
/// under `/api/v1` like the real backend. Creates honour `Idempotency-Key`.
actor FakeNagz {
    struct Member: Sendable {
        var userID: String
        var displayName: String
        var role: String
    }

    struct Nag: Sendable {
        var id: String
        var familyID: String
        var recipientID: String
        var category: String
        var status = "open"
        var dueAt: Date
        var description: String?
    }

    let familyID: String
    private(set) var members: [Member]
    private(set) var nags: [Nag]
    private var createdByKey: [String: String] = [:]
    private let completionRate: Double
    private let totalNags: Int

    init(familyID: String = "fam-\(UUID().uuidString.prefix(8))", members: [Member], nags: [Nag] = [], completionRate: Double = 0.8, totalNags: Int = 10) {
        self.familyID = familyID
        self.members = members
        self.nags = nags
        self.completionRate = completionRate
        self.totalNags = totalNags
    }

    func nag(_ id: String) -> Nag? { nags.first { $0.id == id } }

    nonisolated func routes(_ router: Router<BasicRequestContext>) {
        let api = router.group("api/v1")
        api.get("families") { _, _ in try await self.families() }
        api.get("families/:family/members") { _, context in
            try await self.members(family: context.parameters.require("family"))
        }
        api.get("families/:family/reports/weekly") { _, context in
            try await self.report(family: context.parameters.require("family"))
        }
        api.get("nags") { request, _ in
            let query = request.uri.queryParameters
            return try await self.list(family: query["family_id"].map(String.init), status: query["status"].map(String.init),
                                       category: query["category"].map(String.init))
        }
        api.post("nags") { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 16)
            return try await self.create(Data(body.readableBytesView), idempotencyKey: request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value)
        }
        api.post("nags/:id/status") { request, context in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 16)
            return try await self.setStatus(context.parameters.require("id"), Data(body.readableBytesView))
        }
        api.patch("nags/:id") { request, context in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 16)
            return try await self.update(context.parameters.require("id"), Data(body.readableBytesView))
        }
    }

    private func families() throws -> Response {
        try jsonResponse([["family_id": familyID, "name": "The Family"]])
    }

    private func members(family: String) throws -> Response {
        guard family == familyID else { return try jsonResponse(["error": "no such family"], status: .notFound) }
        return try jsonResponse(members.map { ["user_id": $0.userID, "display_name": $0.displayName, "role": $0.role] })
    }

    private func report(family: String) throws -> Response {
        guard family == familyID else { return try jsonResponse(["error": "no such family"], status: .notFound) }
        return try jsonResponse(["completion_rate": completionRate, "total_nags": totalNags])
    }

    private func list(family: String?, status: String?, category: String?) throws -> Response {
        let selected = nags.filter { nag in
            nag.familyID == family && (status == nil || nag.status == status) && (category == nil || nag.category == category)
        }
        return try jsonResponse(selected.map(wire))
    }

    private func create(_ body: Data, idempotencyKey: String?) throws -> Response {
        if let key = idempotencyKey, let existing = createdByKey[key], let nag = nag(existing) {
            return try jsonResponse(wire(nag), status: .ok)
        }
        guard let fields = try JSONSerialization.jsonObject(with: body) as? [String: Any],
              let family = fields["family_id"] as? String, family == familyID,
              let recipient = fields["recipient_id"] as? String, members.contains(where: { $0.userID == recipient }),
              let category = fields["category"] as? String,
              let due = (fields["due_at"] as? String).flatMap({ try? Date.ISO8601FormatStyle().parse($0) }),
              fields["done_definition"] as? String == "ack_only"
        else {
            return try jsonResponse(["error": "invalid nag"], status: .unprocessableContent)
        }
        let nag = Nag(id: "nag-\(UUID().uuidString.prefix(8))", familyID: family, recipientID: recipient, category: category,
                      dueAt: due, description: fields["description"] as? String)
        nags.append(nag)
        if let key = idempotencyKey { createdByKey[key] = nag.id }
        return try jsonResponse(wire(nag), status: .created)
    }

    private func setStatus(_ id: String, _ body: Data) throws -> Response {
        guard let index = nags.firstIndex(where: { $0.id == id }) else { return try jsonResponse(["error": "no such nag"], status: .notFound) }
        guard let fields = try JSONSerialization.jsonObject(with: body) as? [String: Any], let status = fields["status"] as? String else {
            return try jsonResponse(["error": "status required"], status: .unprocessableContent)
        }
        nags[index].status = status
        return try jsonResponse(wire(nags[index]))
    }

    private func update(_ id: String, _ body: Data) throws -> Response {
        guard let index = nags.firstIndex(where: { $0.id == id }) else { return try jsonResponse(["error": "no such nag"], status: .notFound) }
        guard let fields = try JSONSerialization.jsonObject(with: body) as? [String: Any],
              let due = (fields["due_at"] as? String).flatMap({ try? Date.ISO8601FormatStyle().parse($0) })
        else {
            return try jsonResponse(["error": "due_at required"], status: .unprocessableContent)
        }
        nags[index].dueAt = due
        return try jsonResponse(wire(nags[index]))
    }

    /// The wire form, description included as the real API sends it: the
    /// connector must keep it out of what it says.
    private func wire(_ nag: Nag) -> [String: Any] {
        var object: [String: Any] = [
            "id": nag.id, "family_id": nag.familyID, "recipient_id": nag.recipientID, "category": nag.category,
            "status": nag.status, "due_at": wireDate(nag.dueAt), "done_definition": "ack_only",
        ]
        object["description"] = nag.description
        return object
    }
}
