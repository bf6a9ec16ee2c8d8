/// What a run from one instruction can read first, so the executor can pass over a branch or
/// an end of free text that fails on the next token without running it.
///
/// One word per instruction (a catalog compiles to some 30,000): bits 0–61 summarise the words
/// that may come first (a token whose bit is clear cannot start the run, one whose bit is set
/// may), bit 62 says that the run may reach `.match` without reading anything, and bit 63
/// that it may first read something no word list names (free text, a typed value, the app).
struct FirstStep: Sendable {
    private var bits: UInt64

    private static let mayEndBit: UInt64 = 1 << 62
    private static let readsOtherBit: UInt64 = 1 << 63
    private static let wordBits: UInt64 = mayEndBit - 1

    init(words: UInt64, readsOther: Bool, mayEnd: Bool) {
        bits = words & Self.wordBits | (readsOther ? Self.readsOtherBit : 0) | (mayEnd ? Self.mayEndBit : 0)
    }

    static let anything = FirstStep(words: ~0, readsOther: true, mayEnd: true)

    var words: UInt64 { bits & Self.wordBits }
    var readsOther: Bool { bits & Self.readsOtherBit != 0 }
    var mayEnd: Bool { bits & Self.mayEndBit != 0 }

    /// The summary bit of a word: its id modulo 64, with 62 and 63 folded onto 0 and 1.
    @inline(__always)
    static func bit(_ id: TokenID) -> UInt64 {
        let index = UInt64(id & 63)
        return 1 << (index < 62 ? index : index - 62)
    }

    /// Whether a run from here may begin with a token (not the end) whose `bit` this is.
    @inline(__always)
    func mayBegin(withBit bit: UInt64) -> Bool {
        readsOther || bits & bit != 0
    }

    /// Whether a run from here certainly fails at `position` of `tokens` (read up to `end`).
    @inline(__always)
    func rulesOut(_ tokens: UnsafeBufferPointer<Token>, at position: Int, end: Int) -> Bool {
        guard !readsOther else { return false }
        guard position < end else { return !mayEnd }
        return bits & Self.bit(tokens[position].id) == 0
    }

    /// One entry per instruction. Every instruction names only instructions emitted before it
    /// (the compiler emits a step after what follows it), so one pass in order sees each
    /// step's successors first; a step that named a later one would be left as `anything`.
    static func table(_ instructions: [Instruction], wordSetWords: [TokenID]) -> [FirstStep] {
        var table: [FirstStep] = []
        table.reserveCapacity(instructions.count)
        func after(_ next: Int32, _ current: Int) -> FirstStep {
            Int(next) < current ? table[Int(next)] : .anything
        }
        func summary(_ start: Int32, _ count: Int32) -> UInt64 {
            wordSetWords[Int(start)..<Int(start + count)].reduce(0) { $0 | bit($1) }
        }
        for (index, instruction) in instructions.enumerated() {
            let entry: FirstStep
            switch instruction {
            case .match:
                entry = FirstStep(words: 0, readsOther: false, mayEnd: true)
            case .word(let id, _):
                entry = FirstStep(words: bit(id), readsOther: false, mayEnd: false)
            case .wordSet(let start, let count, _), .peek(let start, let count, _):
                entry = FirstStep(words: summary(start, count), readsOther: false, mayEnd: false)
            case .split(let first, let second):
                let (one, other) = (after(first, index), after(second, index))
                entry = FirstStep(
                    words: one.words | other.words, readsOther: one.readsOther || other.readsOther,
                    mayEnd: one.mayEnd || other.mayEnd)
            case .open(_, let next), .close(_, let next), .detachedApp(let next):
                entry = after(next, index)
            case .pause(let next):
                // A pause is read before a token: never at the end.
                let following = after(next, index)
                entry = FirstStep(words: following.words, readsOther: following.readsOther, mayEnd: false)
            case .app, .free, .typed:
                entry = .anything
            }
            table.append(entry)
        }
        return table
    }
}
