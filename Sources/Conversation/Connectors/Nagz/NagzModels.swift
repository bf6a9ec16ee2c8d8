import Foundation

// The part of the Nagz REST API (`/api/v1`) the connector reads and writes.
// Property names are the camelCase of the wire's snake_case keys.

/// `GET /families` element. Nagz names the id `family_id`; `id` is accepted too.
struct NagzFamily: Decodable, Sendable {
    var familyId: String

    private enum CodingKeys: String, CodingKey {
        case familyId, id
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        familyId = try container.decodeIfPresent(String.self, forKey: .familyId) ?? container.decode(String.self, forKey: .id)
    }
}

/// `GET /families/{family_id}/members` element.
struct NagzMember: Decodable, Sendable {
    var userId: String
    var displayName: String
    /// `guardian`, `participant` or `child`.
    var role: String?
}

/// `GET /nags` element. The description is deliberately not decoded: a nag's
/// text is never read aloud, so it never enters Jiri's memory either.
struct NagzNag: Decodable, Sendable {
    var id: String
    var category: String
    var status: String?
    var dueAt: Date
    var recipientId: String?
    var recipientName: String?
}

/// `GET /families/{family_id}/reports/weekly`.
struct NagzWeeklyReport: Decodable, Sendable {
    /// A fraction (0.8) or a percentage (80); see ``percent``.
    var completionRate: Double
    var totalNags: Int

    /// The rate as a whole percentage. The API surface does not pin the scale
    /// down, so values up to 1 are read as fractions (0.8 → 80) and larger
    /// ones as percentages already.
    var percent: Int {
        let value = completionRate <= 1 ? completionRate * 100 : completionRate
        return Int(value.rounded())
    }
}

/// `POST /nags` body.
struct NagCreateRequest: Encodable, Sendable {
    var familyId: String
    var recipientId: String
    var dueAt: Date
    var category: String
    /// Voice-created nags are done when the recipient acknowledges them.
    var doneDefinition = "ack_only"
    var description: String?
}

/// `POST /nags/{id}/status` body.
struct NagStatusRequest: Encodable, Sendable {
    var status: String
    var note: String?
}

/// `PATCH /nags/{id}` body for a new due time.
struct NagRescheduleRequest: Encodable, Sendable {
    var dueAt: Date
}
