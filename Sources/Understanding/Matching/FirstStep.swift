/// What a run from one instruction can read first, so the executor can pass over a branch or
/// an end of free text that fails on the next token without running it.
///
/// `words` is a 64-bit summary of the words that may come first (bit `id & 63`): a token
/// whose bit is clear cannot start the run, one whose bit is set may. `readsOther` says
/// that the run may first read something no word list names (free text, a typed value, the
/// app); `mayEnd` that it may reach `.match` without reading anything.
struct FirstStep: Sendable {
    var words: UInt64
    var readsOther: Bool
    var mayEnd: Bool

    static let anything = FirstStep(words: ~0, readsOther: true, mayEnd: true)

    /// Whether a run from here certainly fails at `position` of `tokens` (read up to `end`).
    @inline(__always)
    func rulesOut(_ tokens: UnsafeBufferPointer<Token>, at position: Int, end: Int) -> Bool {
        guard !readsOther else { return false }
        guard position < end else { return !mayEnd }
        return words & (1 << UInt64(tokens[position].id & 63)) == 0
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
            wordSetWords[Int(start)..<Int(start + count)].reduce(0) { $0 | 1 << UInt64($1 & 63) }
        }
        for (index, instruction) in instructions.enumerated() {
            let entry: FirstStep
            switch instruction {
            case .match:
                entry = FirstStep(words: 0, readsOther: false, mayEnd: true)
            case .word(let id, _):
                entry = FirstStep(words: 1 << UInt64(id & 63), readsOther: false, mayEnd: false)
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
                var following = after(next, index)
                following.mayEnd = false
                entry = following
            case .app, .free, .typed:
                entry = .anything
            }
            table.append(entry)
        }
        return table
    }
}
