/// Words set off by pauses right after an app's name that say which app is meant, before the
/// request goes on with "to": "tell Oppi, the computer helper one, to fix the price list", "get
/// CodingBridge, the coding app, to run the backup". The request is read without them, as if the
/// name alone had been said. Only a description with "the" is one: ", thinking off," is a
/// setting of the request, and a place said there ("Oppi, in the notes workspace, to …") stays.
enum AppAside {
    /// The longest description, in tokens ("the little computer helper one").
    private static let reach = 5

    /// The tokens without the description after an app's name; nil when there is none.
    static func removed(from tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        for index in tokens.indices.dropLast(3) where tokens[index].flags.contains(.app) {
            let open = index + 1
            guard tokens[open].flags.contains(.clauseStart), !tokens[open].flags.contains(.app),
                  let close = (open + 1...min(open + reach, tokens.count - 2)).first(where: { tokens[$0].flags.contains(.clauseStart) }),
                  tokens[close].id == BuiltinWord.to.id,
                  tokens[open..<close].allSatisfy({ $0.flags.isDisjoint(with: [.app, .temporal, .stop]) }),
                  saysThe(before: tokens[open], after: tokens[index], bytes: bytes) else { continue }
            var plainer = tokens
            plainer.removeSubrange(open..<close)
            plainer[open].flags.subtract(.breaks)
            return plainer
        }
        return nil
    }

    /// Whether "the" was said (and dropped by the tokenizer) right before `token`, after `previous`.
    private static func saysThe(before token: Token, after previous: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = DictatedText.determinerStart(in: bytes, before: Int(token.start), notBefore: Int(previous.end)) else { return false }
        // "the" is the only dropped determiner that begins with a "t".
        return bytes[start] | 0x20 == UInt8(ascii: "t")
    }
}
