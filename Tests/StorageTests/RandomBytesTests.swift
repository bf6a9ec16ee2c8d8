import Foundation
import Testing

@testable import Storage

@Suite("Random bytes")
struct RandomBytesTests {
    @Test func uuidsAcrossSeveralRefillsAreAllDifferent() {
        let source = RandomBytes()
        let uuids = (0..<1000).map { _ in UUID.random(from: source) }
        #expect(Set(uuids).count == uuids.count)
    }

    @Test func aRandomUUIDIsVersion4WithTheRFCVariant() {
        for _ in 0..<100 {
            let bytes = UUID.random().uuid
            #expect(bytes.6 >> 4 == 4)
            #expect(bytes.8 >> 6 == 0b10)
        }
    }

    @Test func aFillLargerThanTheBufferIsFilledToItsEnd() {
        let source = RandomBytes()
        var bytes = [UInt8](repeating: 0, count: 10_000)
        bytes.withUnsafeMutableBytes { source.fill($0) }
        // 64 zero bytes in a row would mean a part was never written.
        let chunks = stride(from: 0, to: bytes.count, by: 64).map { bytes[$0..<min($0 + 64, bytes.count)] }
        #expect(chunks.allSatisfy { $0.contains { $0 != 0 } })
        #expect(Set(chunks.map(Array.init)).count == chunks.count)
    }

    @Test func aFillThatSpansARefillContinuesWithNewBytes() {
        let source = RandomBytes()
        var first = [UInt8](repeating: 0, count: 4090)
        var second = [UInt8](repeating: 0, count: 16)
        first.withUnsafeMutableBytes { source.fill($0) }
        second.withUnsafeMutableBytes { source.fill($0) }
        #expect(second.contains { $0 != 0 })
        #expect(!first.indices.dropLast(15).contains { Array(first[$0..<$0 + 16]) == second })
    }
}
