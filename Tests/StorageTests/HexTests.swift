import Storage
import Testing

@Suite struct HexTests {
    @Test func bytesAreWrittenAsLowerCasePairs() {
        #expect(Hex.encode([0x00, 0x0f, 0x10, 0xa5, 0xff]) == "000f10a5ff")
        #expect(Hex.encode([]) == "")
    }

    @Test func encodingRoundTripsThroughDecoding() {
        let bytes = (0..<64).map { _ in UInt8.random(in: .min ... .max) }
        #expect(Hex.decode(Hex.encode(bytes)) == bytes)
        #expect(Hex.decode("A5fF") == [0xa5, 0xff])
    }

    @Test func oddLengthsAndNonDigitsAreRejected() {
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
    }
}
