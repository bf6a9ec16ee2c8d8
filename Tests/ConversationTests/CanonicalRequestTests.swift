@testable import Conversation
import Foundation
import JiriAPI
import Testing

/// The canonical form is `JSONEncoder`'s with sorted keys, byte for byte: stored
/// request hashes and retry keys must not change with the version.
@Suite struct CanonicalRequestTests {
    private static let awkwardTexts: [String] = [
        "", "Add a happy mood in MoodBoard", "a/b//c", "say \"hi\" \\ bye",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}",
        "café ☕️ 日本語 👩🏽‍💻 \u{2028}\u{2029}", "   padded   ", "</script>",
    ]

    private static func foundationForm(_ request: TurnRequest) throws -> String {
        var canonical = request
        canonical.turnID = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(canonical), as: UTF8.self)
    }

    @Test(arguments: awkwardTexts)
    func everyStringIsEscapedAsFoundationEscapesIt(_ text: String) throws {
        let request = TurnRequest(
            sessionID: text, userText: text, userID: text, client: text,
            meta: TurnMeta(timezone: text, device: text, appVersion: text, surface: text), turnID: text
        )
        #expect(try #require(CanonicalRequest.writtenByHand(request)) == Array(try Self.foundationForm(request).utf8))
    }

    @Test(arguments: 0..<64)
    func everyMixOfOptionalMembersIsOrderedAsFoundationOrdersIt(_ mask: Int) throws {
        let has = { (bit: Int) in mask & (1 << bit) != 0 }
        let request = TurnRequest(
            sessionID: has(0) ? "s-1" : nil, userText: "show me my calendar", userID: has(1) ? "u-1" : nil,
            meta: TurnMeta(
                voice: has(2), appVersion: has(3) ? "2.1" : nil, surface: has(4) ? "watch" : nil,
                locked: has(5) ? true : nil, canContinueInForeground: has(5) ? false : nil
            ),
            turnID: has(0) ? "key-1" : nil
        )
        let canonical = CanonicalRequest(request)
        #expect(canonical.json == (try Self.foundationForm(request)))
    }

    @Test func aRequestWithNumbersIsLeftToFoundation() throws {
        let request = TurnRequest(userText: "where am I", meta: TurnMeta(
            location: .init(latitude: 48.8566, longitude: 2.3522, accuracy: 5),
            deviceContext: .init(batteryLevel: 0.25, isSilentMode: true)
        ))
        #expect(CanonicalRequest.writtenByHand(request) == nil)
        #expect(CanonicalRequest(request).json == (try Self.foundationForm(request)))
    }
}
