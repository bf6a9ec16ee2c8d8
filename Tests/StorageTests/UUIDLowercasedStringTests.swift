import Foundation
import Storage
import Testing

@Suite struct UUIDLowercasedStringTests {
    @Test func matchesFoundationsLowercasedString() {
        for _ in 0..<1_000 {
            let uuid = UUID()
            #expect(uuid.lowercasedString == uuid.uuidString.lowercased())
        }
    }

    @Test func formatsEveryNibbleAndTheDashes() throws {
        let uuid = try #require(UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF"))
        #expect(uuid.lowercasedString == "00112233-4455-6677-8899-aabbccddeeff")
    }
}
