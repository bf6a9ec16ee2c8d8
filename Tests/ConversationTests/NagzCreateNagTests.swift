import Conversation
import Foundation
import Testing
import Understanding

@Suite struct NagzCreateNagTests {
    let dueAt = ConnectorFixture.today(hour: 18)

    func createSlots(recipient: String) -> [String: SlotValue] {
        var slots = NagzFixture.createSlots(recipient: recipient, category: "homework", due: dueAt)
        slots["description"] = .text("finish the fractions worksheet")
        return slots
    }

    @Test func createsTheNagForTheResolvedMemberWithSnakeCaseBodyTokenAndIdempotencyKey() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots(recipient: "emma"))
        let (outcome, log) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "Created homework nag for Emma Stone, due today at 6:00 PM.")
        #expect(!outcome.replyText.contains("fractions"))

        let posts = log.filter { $0.method == "POST" && $0.path == "/api/v1/nags" }
        let post = try #require(posts.first)
        #expect(posts.count == 1)
        #expect(post.headers["authorization"] == "Bearer \(ConnectorFixture.token)")
        #expect(post.headers["idempotency-key"] == invocation.turnID)
        #expect(post.headers["content-type"] == "application/json")
        let body = try #require(post.json)
        #expect(Set(body.keys) == ["family_id", "recipient_id", "due_at", "category", "done_definition", "description"])
        #expect(body["family_id"] as? String == fake.familyID)
        #expect(body["recipient_id"] as? String == NagzFixture.emma.userID)
        #expect(body["category"] as? String == "homework")
        #expect(body["done_definition"] as? String == "ack_only")
        #expect(body["description"] as? String == "finish the fractions worksheet")
        let sentDue = try #require(body["due_at"] as? String)
        #expect(try Date.ISO8601FormatStyle().parse(sentDue) == dueAt)

        let stored = await fake.nags
        #expect(stored.count == 1)
        #expect(stored.first?.recipientID == NagzFixture.emma.userID)
    }

    @Test func ambiguousRecipientAsksWhichWithoutCreating() async throws {
        let watson = FakeNagz.Member(userID: "user-emma-w", displayName: "Emma Watson", role: "child")
        let fake = FakeNagz(members: NagzFixture.family + [watson])
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots(recipient: "Emma"))
        let (outcome, posts) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.matching("POST", "/api/v1/nags"))
        }

        #expect(outcome.status == .needsValue)
        #expect(outcome.askFor == "recipient")
        #expect(outcome.replyText == "Which Emma: Emma Stone or Emma Watson?")
        #expect(posts.isEmpty)
    }

    @Test func theFullNameResolvesAmongNamesakes() async throws {
        let watson = FakeNagz.Member(userID: "user-emma-w", displayName: "Emma Watson", role: "child")
        let fake = FakeNagz(members: NagzFixture.family + [watson])
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots(recipient: "emma watson"))
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .completed)
        #expect(await fake.nags.first?.recipientID == watson.userID)
    }

    @Test func unknownRecipientFailsSayingSoWithoutCreating() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots(recipient: "Zoe"))
        let (outcome, posts) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.matching("POST", "/api/v1/nags"))
        }

        #expect(outcome.status == .failed)
        #expect(outcome.error == "not_found")
        #expect(outcome.replyText == "I couldn't find Zoe in your family.")
        #expect(posts.isEmpty)
    }

    @Test func aCategorySynonymIsSentAsTheCategoryValue() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        var slots = createSlots(recipient: "Sam")
        slots["category"] = .enumCase("medicine")
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "Created meds nag for Sam Stone, due today at 6:00 PM.")
        #expect(await fake.nags.first?.category == "meds")
    }

    @Test func withoutAConfiguredFamilyTheFirstListedFamilyIsUsed() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots(recipient: "Sam"))
        let (outcome, log) = try await NagzFixture.run(fake, configuredFamily: false) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .completed)
        #expect(log.map { "\($0.method) \($0.path)" } == [
            "GET /api/v1/families", "GET /api/v1/families/\(fake.familyID)/members", "POST /api/v1/nags",
        ])
    }

    @Test func aMissingDueTimeIsAskedFor() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        var slots = createSlots(recipient: "Sam")
        slots["dueAt"] = nil
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        let (outcome, log) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .needsValue)
        #expect(outcome.askFor == "dueAt")
        #expect(outcome.replyText == "When is it due?")
        #expect(log.isEmpty)
    }
}
