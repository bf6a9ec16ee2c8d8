@testable import Conversation
import Foundation
import Testing

@Suite("Turn ids")
struct TurnIdentifierTests {
    @Test func anIdIsAVersion7UUIDWithTheTimeInItsFirst48Bits() throws {
        let id = TurnIdentifier.generate(now: Date(timeIntervalSince1970: 1_763_800_000.125))
        let uuid = try #require(UUID(uuidString: id))
        #expect(id == uuid.uuidString.lowercased())
        #expect(id.hasPrefix("019aaaac-267d-7"))  // 1_763_800_000_125 ms = 0x019aaaac267d
        let bytes = uuid.uuid
        #expect(bytes.6 >> 4 == 7)
        #expect(bytes.8 >> 6 == 0b10)
        let millis = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(millis == 1_763_800_000_125)
    }

    @Test func idsMadeLaterSortLater() {
        let ids = (0..<200).map { TurnIdentifier.make(milliseconds: 1_763_800_000_000 + UInt64($0)) }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
    }

    @Test func idsMadeInTheSameMillisecondDiffer() {
        let now = Date()
        let ids = (0..<1000).map { _ in TurnIdentifier.generate(now: now) }
        #expect(Set(ids).count == ids.count)
    }
}
