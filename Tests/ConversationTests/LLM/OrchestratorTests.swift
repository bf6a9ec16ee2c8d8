import Conversation
import Foundation
import Testing
import Understanding

/// The LLM orchestrator against a chat-completions server double: what it
/// sends, how tool calls become intents, and the matcher taking over
/// whenever the model fails or gives nothing usable.
@Suite struct OrchestratorTests {
    let fixture: OrchestratorFixture

    init() throws {
        fixture = try OrchestratorFixture()
    }

    static let createNag = FakeChatCompletions.Answer.toolCall(
        name: "nagz_CreateNagIntent", arguments: #"{"recipient":"Emma","category":"homework","due_at":"tomorrow at 5pm"}"#)
    /// Understood by the matcher alone, as `nagz.CreateNagIntent`.
    static let matcherUtterance = "remind Emma to do her homework by 6pm"
    /// A paraphrase no catalog pattern covers.
    static let paraphrase = "she keeps forgetting her homework, could you bug her about it tomorrow at 5pm"

    /// Wednesday 5 March 2025 at 5 PM in New York: "tomorrow at 5pm" for the fixture's moment.
    static var tomorrowAtFive: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ConnectorFixture.timeZone
        return calendar.date(byAdding: .day, value: 1, to: ConnectorFixture.today(hour: 17))!
    }

    @Test func aToolCallBecomesItsIntentWithSlotsTypedByTheSlotParsers() async throws {
        let (understood, _) = try await fixture.understand(OrchestratorFixture.utterance(Self.paraphrase), answer: Self.createNag)

        let match = try #require(understood.match)
        #expect(match.intent.id == "nagz.CreateNagIntent")
        #expect(match.slots == ["recipient": .entity("Emma"), "category": .enumCase("homework"), "dueAt": .date(Self.tomorrowAtFive)])
        #expect(understood.source == .llm)
        let trace = try #require(understood.trace)
        #expect(trace.hasPrefix("llm:nagz_CreateNagIntent "), "\(trace)")
        #expect(trace.hasSuffix("ms"), "\(trace)")
    }

    @Test func theRequestCarriesTheModelTheCatalogToolsTheKeyTheLocalTimeAndTheUtterance() async throws {
        let (_, requests) = try await fixture.understand(OrchestratorFixture.utterance(Self.paraphrase), answer: Self.createNag)

        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == "POST" && request.path == "/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer \(OrchestratorFixture.apiKey)")
        #expect(request.headers["content-type"] == "application/json")
        let body = try #require(request.json)
        #expect(body["model"] as? String == FakeChatCompletions.model)
        #expect(body["tool_choice"] as? String == "auto")
        #expect(body["temperature"] as? Int == 0)
        let tools = try #require(body["tools"] as? [[String: Any]])
        let names = tools.compactMap { ($0["function"] as? [String: Any])?["name"] as? String }
        #expect(Set(names) == Set(fixture.catalog.intents.map(\.toolName)))
        #expect(names.contains("nagz_CreateNagIntent"))
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages.first?["role"] == "system")
        let system = messages.first?["content"] ?? ""
        #expect(system.contains("Nagz") && system.contains("Oppi"))
        #expect(system.contains("Tuesday 2025-03-04T15:00:00-05:00 (America/New_York)"), "\(system)")
        #expect(messages.last == ["role": "user", "content": Self.paraphrase])
    }

    @Test func theLastTwoExchangesGoBetweenTheSystemPromptAndTheUtterance() async throws {
        var state = DialogueState()
        for exchange in 1...3 {
            state.remember(user: "question \(exchange)", assistant: "answer \(exchange)")
        }
        let utterance = OrchestratorFixture.utterance(Self.paraphrase, recent: state.recent)
        let (_, requests) = try await fixture.understand(utterance, answer: Self.createNag)

        let messages = try #require(requests.first?.json?["messages"] as? [[String: String]])
        #expect(messages.dropFirst().map { $0["content"] ?? "" } == [
            "question 2", "answer 2", "question 3", "answer 3", Self.paraphrase,
        ])
        #expect(messages.dropFirst().map { $0["role"] ?? "" } == ["user", "assistant", "user", "assistant", "user"])
    }

    @Test func aRequestTheMatcherReadsWithoutWhoItIsForIsUnderstoodThroughTheModel() async throws {
        #expect(fixture.matcher.match(Self.paraphrase, context: ConnectorFixture.context)?.namesSomeoneByPronoun ?? true)

        let (understood, requests) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.paraphrase), answer: Self.createNag, mode: .assist)

        #expect(requests.count == 1)
        #expect(understood.match?.intent.id == "nagz.CreateNagIntent")
        #expect(understood.match?.slots["recipient"] == .entity("Emma"))
        #expect(understood.source == .llm)
    }

    @Test func aModelSlowerThanTheTimeoutLeavesTheAnswerToTheMatcher() async throws {
        let slow = FakeChatCompletions(answer: .after(.seconds(3), Self.createNag))
        let (understood, elapsed) = try await TestBackend.run(routes: slow.routes) { [fixture] backend in
            let orchestrator = fixture.orchestrator(backend.baseURL("/v1"), mode: .primary, timeout: .milliseconds(300))
            let started = ContinuousClock.now
            let understood = await orchestrator.understand(OrchestratorFixture.utterance(Self.matcherUtterance))
            return (understood, ContinuousClock.now - started)
        }

        #expect(elapsed < .seconds(2))
        try expectMatcherAnswered(understood, reason: "timeout")
    }

    @Test func aServerErrorLeavesTheAnswerToTheMatcher() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance), answer: .status(.internalServerError))

        try expectMatcherAnswered(understood, reason: "http_500")
    }

    @Test func aMalformedBodyLeavesTheAnswerToTheMatcher() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance), answer: .body(#"{"choices": [{"message": "#))

        try expectMatcherAnswered(understood, reason: "bad_response")
    }

    @Test func anUnknownToolLeavesTheAnswerToTheMatcher() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance),
            answer: .toolCall(name: "nagz_DeleteEverythingIntent", arguments: #"{"recipient":"Emma"}"#))

        try expectMatcherAnswered(understood, reason: "unknown_tool")
    }

    @Test func anArgumentNoSlotParserAcceptsLeavesTheAnswerToTheMatcher() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance),
            answer: .toolCall(name: "nagz_CreateNagIntent", arguments: #"{"recipient":"Emma","category":"laundry-ish"}"#))

        try expectMatcherAnswered(understood, reason: "bad_arguments")
    }

    @Test(arguments: ["recipient=Emma", #"{"recipient":["Emma","Sam"]}"#, #"["Emma"]"#])
    func argumentsThatAreNotAnObjectOfValuesLeaveTheAnswerToTheMatcher(arguments: String) async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance),
            answer: .toolCall(name: "nagz_CreateNagIntent", arguments: arguments))

        try expectMatcherAnswered(understood, reason: "bad_arguments")
    }

    @Test func anUnreachableServerLeavesTheAnswerToTheMatcher() async throws {
        let orchestrator = fixture.orchestrator(try ConnectorFixture.deadURL() + "/v1", mode: .primary)
        let understood = await orchestrator.understand(OrchestratorFixture.utterance(Self.matcherUtterance))

        try expectMatcherAnswered(understood, reason: "unreachable")
    }

    @Test func aTextAnswerFallsBackToAConfidentMatcherMatch() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance), answer: .text("Sure! I'll remind Emma."))

        #expect(understood.match?.intent.id == "nagz.CreateNagIntent")
        #expect(understood.source == .llmFallback)
        #expect(understood.trace == "llm:no_tool→matcher")
    }

    @Test func aTextAnswerWithoutAMatcherMatchGivesNoIntent() async throws {
        let text = "what do you think about the weather on mars"
        #expect(fixture.matcher.match(text, context: ConnectorFixture.context) == nil)

        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(text), answer: .text("Mars is cold and dusty."))

        #expect(understood.match == nil)
        #expect(understood.source == .llm)
        #expect(understood.trace?.hasPrefix("llm:no_tool ") == true, "\(understood.trace ?? "nil")")
    }

    @Test func assistModeDoesNotAskTheModelWhenTheMatcherMatched() async throws {
        let (understood, requests) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance), answer: Self.createNag, mode: .assist)

        #expect(requests.isEmpty)
        #expect(understood.source == .matcher)
        #expect(understood.trace == nil)
        #expect(understood.match?.slots == fixture.matcher.match(Self.matcherUtterance, context: ConnectorFixture.context)?.slots)
    }

    @Test func primaryModeAsksTheModelEvenWhenTheMatcherWouldMatch() async throws {
        let (understood, requests) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.matcherUtterance), answer: Self.createNag, mode: .primary)

        #expect(requests.count == 1)
        #expect(understood.source == .llm)
        #expect(understood.match?.slots["dueAt"] == .date(Self.tomorrowAtFive))
    }

    @Test func schemaShapedValuesAreTyped() async throws {
        let (nag, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.paraphrase),
            answer: .toolCall(
                name: "nagz_CreateNagIntent",
                arguments: #"{"recipient":"Emma","category":"homework","dueAt":"2025-03-05T17:00:00-05:00"}"#))
        let (snooze, _) = try await fixture.understand(
            OrchestratorFixture.utterance("give the dishes one another three quarters of an hour"),
            answer: .toolCall(name: "nagz_SnoozeNagIntent", arguments: #"{"nag":"dishes","minutes":45}"#))

        #expect(nag.match?.slots["dueAt"] == .date(Self.tomorrowAtFive))
        #expect(snooze.match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(snooze.match?.slots == ["nag": .entity("dishes"), "minutes": .minutes(45)])
    }

    @Test func aLocalDateTimeIsReadInTheUsersTimeZone() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.paraphrase),
            answer: .toolCall(name: "nagz_CreateNagIntent", arguments: #"{"recipient":"Emma","dueAt":"2025-03-05 17:00"}"#))

        #expect(understood.match?.slots["dueAt"] == .date(Self.tomorrowAtFive))
    }

    @Test func argumentsNamingNoParameterAreIgnoredAndEmptyOnesCountAsNotGiven() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.paraphrase),
            answer: .toolCall(
                name: "nagz_CreateNagIntent",
                arguments: #"{"recipient":"Emma","priority":"urgent","category":null,"description":""}"#))

        #expect(understood.source == .llm)
        #expect(understood.match?.slots == ["recipient": .entity("Emma")])
    }

    @Test func anEnumLeftOutIsInferredFromTheFreeTextAsTheMatcherDoes() async throws {
        let (understood, _) = try await fixture.understand(
            OrchestratorFixture.utterance(Self.paraphrase),
            answer: .toolCall(name: "nagz_CreateNagIntent", arguments: #"{"recipient":"Emma","description":"finish her homework"}"#))

        #expect(understood.match?.slots["category"] == .enumCase("homework"))
    }

    private func expectMatcherAnswered(_ understood: Understood, reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try #require(fixture.matcher.match(Self.matcherUtterance, context: ConnectorFixture.context), sourceLocation: sourceLocation)
        #expect(understood.match?.intent.id == expected.intent.id, sourceLocation: sourceLocation)
        #expect(understood.match?.slots == expected.slots, sourceLocation: sourceLocation)
        #expect(understood.source == .llmFallback, sourceLocation: sourceLocation)
        #expect(understood.trace == "llm:\(reason)→matcher", sourceLocation: sourceLocation)
    }
}
