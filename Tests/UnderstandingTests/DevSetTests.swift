import Foundation
import Testing
import Understanding

/// Every line of the shared dev set through the matcher: the intent (null means
/// no match) and the slots it lists (a subset of what the matcher may fill).
@Suite struct DevSetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var text: String
        var intent: String?
        var slots: [String: String]

        var testDescription: String { "\(id): \(text)" }
    }

    static let cases: [Case] = Fixtures.devLines().compactMap { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let expect = object["expect"] as? [String: Any] else { return nil }
        let slots = (expect["slots"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
        return Case(
            id: object["id"] as? String ?? "?", text: object["user_text"] as? String ?? "",
            intent: expect["intent"] as? String, slots: slots)
    }

    @Test func devSetIsPresent() {
        #expect(Self.cases.count >= 49)
    }

    @Test(arguments: cases)
    func lineMatches(_ line: Case) {
        expectUnderstood(line.text, as: line.intent, slots: line.slots)
    }
}
