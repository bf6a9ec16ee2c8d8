import Foundation
import HummingbirdTesting
import JiriAPI
import JiriTestSupport
import Testing

/// Every line of the shared dev set through `POST /turn`: intent, expected
/// slots (a subset), and the handoff decision (null = either).
@Suite struct EvalSetTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var id: String
        var text: String
        var intent: String?
        var slots: [String: JSONValue]
        var handoff: Bool?
        var device: String?
        var testDescription: String { "\(id): \(text)" }
    }

    static let examples: [Example] = {
        let url = TestEnvironment.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/eval/dev.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let expect = object["expect"] as? [String: Any] else { return nil }
            return example(object, expect: expect, textKey: "user_text")
        }
    }()

    /// The held-out requests whose writers also gave the handoff they expect
    /// (`Tests/UnderstandingTests/Fixtures/probe12–23.jsonl`), known gaps left out.
    static let heldOut: [Example] = ["probe12.jsonl", "probe13.jsonl", "probe14.jsonl", "probe15.jsonl", "probe16.jsonl", "probe17.jsonl", "probe18.jsonl", "probe19.jsonl", "probe20.jsonl", "probe21.jsonl", "probe22.jsonl", "probe23.jsonl", "probe24.jsonl", "probe25.jsonl", "probe26.jsonl", "probe27.jsonl", "probe28.jsonl", "probe29.jsonl", "probe30.jsonl", "probe31.jsonl", "probe32.jsonl", "probe33.jsonl", "probe34.jsonl", "probe35.jsonl", "probe36.jsonl", "probe37.jsonl", "probe38.jsonl", "probe39.jsonl", "probe40.jsonl", "probe41.jsonl", "probe42.jsonl", "probe43.jsonl", "probe44.jsonl", "probe45.jsonl", "probe46.jsonl", "probe47.jsonl", "probe48.jsonl", "probe49.jsonl", "probe50.jsonl", "probe51.jsonl", "probe52.jsonl", "probe53.jsonl", "probe54.jsonl", "probe55.jsonl", "probe56.jsonl", "probe57.jsonl", "probe58.jsonl", "probe59.jsonl", "probe60.jsonl", "probe61.jsonl", "probe62.jsonl", "probe63.jsonl", "probe64.jsonl", "probe65.jsonl", "probe66.jsonl", "probe67.jsonl", "probe68.jsonl", "probe69.jsonl", "probe70.jsonl", "probe71.jsonl", "probe72.jsonl", "probe73.jsonl", "probe74.jsonl", "probe75.jsonl", "probe76.jsonl", "probe77.jsonl", "probe78.jsonl", "probe79.jsonl", "probe80.jsonl", "probe81.jsonl", "probe82.jsonl", "probe83.jsonl", "probe84.jsonl", "probe85.jsonl", "probe86.jsonl", "probe87.jsonl", "probe88.jsonl", "probe89.jsonl", "probe90.jsonl", "probe91.jsonl", "probe92.jsonl", "probe93.jsonl", "probe94.jsonl", "probe95.jsonl", "probe96.jsonl", "probe97.jsonl", "probe98.jsonl", "probe99.jsonl", "probe100.jsonl", "probe101.jsonl"].flatMap { name -> [Example] in
        let url = TestEnvironment.repositoryRoot.appendingPathComponent("Tests/UnderstandingTests/Fixtures/\(name)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["known_gap"] as? Bool != true else { return nil }
            return example(object, expect: object, textKey: "text")
        }
    }

    private static func example(_ object: [String: Any], expect: [String: Any], textKey: String) -> Example {
        let slotsData = (try? JSONSerialization.data(withJSONObject: expect["slots"] ?? [:])) ?? Data("{}".utf8)
        return Example(
            id: object["id"] as? String ?? "?",
            text: object[textKey] as? String ?? "",
            intent: expect["intent"] as? String,
            slots: (try? JSONDecoder().decode([String: JSONValue].self, from: slotsData)) ?? [:],
            handoff: expect["handoff"] as? Bool,
            device: (object["meta"] as? [String: Any])?["device"] as? String
        )
    }

    @Test func theDevSetIsPresent() {
        #expect(Self.examples.count >= 49)
    }

    @Test func theHeldOutSetsArePresent() {
        #expect(Self.heldOut.count >= 100)
    }

    /// Slot values as the writers wrote them: a name's case is the recogniser's, not the user's.
    private static func same(_ heard: JSONValue?, _ expected: JSONValue) -> Bool {
        if case .string(let text)? = heard, case .string(let wanted) = expected {
            return text.lowercased() == wanted.lowercased()
        }
        return heard == expected
    }

    @Test(arguments: heldOut)
    func heldOutRequestIsUnderstoodAndDecided(_ example: Example) async throws {
        try await devExampleIsUnderstoodAndDecided(example)
    }

    @Test(arguments: examples)
    func devExampleIsUnderstoodAndDecided(_ example: Example) async throws {
        try await TestHarness.withApp { http, _ in
            var meta: [String: Any] = [:]
            if let device = example.device { meta["device"] = device }
            let response = try await http.decodedTurn(example.text, meta: meta)
            #expect(response.intent?.id == example.intent, "\(example.id)")
            for (name, value) in example.slots {
                #expect(Self.same(response.intent?.slots[name], value), "\(example.id) slot \(name): \(String(describing: response.intent?.slots[name]))")
            }
            if let handoff = example.handoff {
                #expect(response.handoffToApp == handoff, "\(example.id) handoff (rule: \(response.handoff?.rule ?? "none"))")
                if handoff {
                    let link = try #require(response.deepLinkURL.flatMap(DeepLink.init(url:)), "\(example.id) deep link")
                    #expect(link.sessionID == response.sessionID)
                }
            }
        }
    }
}
