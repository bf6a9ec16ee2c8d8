import Testing
@testable import Storage

@Suite struct IdempotencyValueTests {
    static let hash: [UInt8] = [0x00, 0x9f, 0xa5, 0xff]
    static let response = #"{"reply_text":"Done — \"quoted\" ✓","session_id":"s 1"}"#

    @Test func anAnswerReadsBackWithItsHashCountAndResponse() {
        let stored = String(decoding: IdempotencyValue.done(Self.hash, response: Self.response, sessionTurnCount: 12), as: UTF8.self)
        #expect(stored.hasPrefix("T 009fa5ff 12 "))
        #expect(IdempotencyValue.parse(stored) == .completed(StoredTurn(requestHash: Self.hash, responseJSON: Self.response, sessionTurnCount: 12)))
    }

    @Test func anAnswerWithoutACountIsTheEarlierForm() {
        let stored = String(decoding: IdempotencyValue.done(Self.hash, response: Self.response, sessionTurnCount: nil), as: UTF8.self)
        #expect(stored == "D 009fa5ff " + Self.response)
        #expect(IdempotencyValue.parse(stored) == .completed(StoredTurn(requestHash: Self.hash, responseJSON: Self.response)))
    }
}
