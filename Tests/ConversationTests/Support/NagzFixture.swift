import Conversation
import Foundation
import Understanding

/// A family of three and helpers to run the Nagz connector against a fake Nagz.
enum NagzFixture {
    static let guardian = FakeNagz.Member(userID: "user-guardian", displayName: "Alex Stone", role: "guardian")
    static let emma = FakeNagz.Member(userID: "user-emma", displayName: "Emma Stone", role: "child")
    static let sam = FakeNagz.Member(userID: "user-sam", displayName: "Sam Stone", role: "participant")
    static let family = [guardian, emma, sam]

    /// Runs `body` with a connector whose family is configured, against `fake` served on a free port.
    static func run<Value: Sendable>(
        _ fake: FakeNagz,
        configuredFamily: Bool = true,
        budget: Duration = .seconds(3),
        _ body: @Sendable (NagzConnector, TestBackend) async throws -> Value
    ) async throws -> Value {
        try await TestBackend.run(routes: fake.routes) { backend in
            let client = ConnectorFixture.client(backend.baseURL("/api/v1"), budget: budget)
            let connector = NagzConnector(client: client, familyID: configuredFamily ? fake.familyID : nil)
            return try await body(connector, backend)
        }
    }

    /// Everything `CreateNagIntent` requires.
    static func createSlots(recipient: String, category: String = "chores", due: Date = ConnectorFixture.today(hour: 19)) -> [String: SlotValue] {
        ["recipient": .entity(recipient), "category": .enumCase(category), "dueAt": .date(due)]
    }

    static func nag(_ id: String, for member: FakeNagz.Member, _ category: String, due: Date, family: String, description: String? = nil) -> FakeNagz.Nag {
        FakeNagz.Nag(id: id, familyID: family, recipientID: member.userID, category: category, dueAt: due, description: description)
    }
}
