import Foundation
import Testing
@testable import Storage

@Suite struct CachedSessionFormatTests {
    static let session = SessionRecord(
        id: "s-1", owner: "alice|ops\n", client: "ios_app: 2 ✓", createdAt: Date(timeIntervalSince1970: 1_763_800_000.123456),
        turnCount: 12, stateJSON: #"{"recent":[{"role":"user","content":"a \"quoted\" word"}],"declinedVisual":false}"#
    )

    @Test func aSessionRoundTripsWithSeparatorsAndUnicodeInItsFields() throws {
        let decoded = try #require(CachedSessionFormat.decode(CachedSessionFormat.encode(Self.session)))
        #expect(decoded.id == Self.session.id)
        #expect(decoded.owner == Self.session.owner)
        #expect(decoded.client == Self.session.client)
        #expect(decoded.turnCount == 12)
        #expect(decoded.stateJSON == Self.session.stateJSON)
        #expect(abs(decoded.createdAt.timeIntervalSince(Self.session.createdAt)) < 0.000_001)
    }

    @Test func theJSONEnvelopeOfEarlierReleasesIsACacheMiss() throws {
        let older = try JSONEncoder().encode(Self.session)
        #expect(CachedSessionFormat.decode(Array(older)) == nil)
    }

    @Test func aTruncatedOrPaddedValueIsACacheMiss() {
        let encoded = CachedSessionFormat.encode(Self.session)
        for cut in [3, 10, encoded.count / 2, encoded.count - 1] {
            #expect(CachedSessionFormat.decode(Array(encoded.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(CachedSessionFormat.decode(encoded + [0x20]) == nil)
    }

    @Test func anOverlongLengthIsACacheMiss() {
        #expect(CachedSessionFormat.decode(Array("s1|99999999999:x".utf8)) == nil)
        #expect(CachedSessionFormat.decode(Array("s1|5:ab".utf8)) == nil)
    }

    /// The bytes are the documented layout, numbers as `String` writes them, a negative
    /// creation time (before 1970) included.
    @Test(arguments: [1_763_800_000.123456, -86_400.5, 0])
    func theEncodingIsTheDocumentedLayout(_ seconds: Double) {
        var session = Self.session
        session.createdAt = Date(timeIntervalSince1970: seconds)
        let micros = String(Int64((seconds * 1_000_000).rounded()))
        let fields = [session.id, session.owner, session.client, micros, "12", session.stateJSON]
        let expected = "s1|" + fields.map { "\($0.utf8.count):\($0)" }.joined()
        #expect(CachedSessionFormat.encode(session) == Array(expected.utf8))
    }
}
