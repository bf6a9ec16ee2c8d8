/// One step of a compiled pattern. Patterns compile to a graph of steps over
/// token ids (no regular expressions): each step names the step that follows.
enum Instruction: Sendable {
    /// The next token is this word.
    case word(TokenID, next: Int32)
    /// The next token is one of `count` words at `start` in the program's word-set list.
    case wordSet(start: Int32, count: Int32, next: Int32)
    /// The next token is one of `count` words at `start` in the word-set list; reads nothing.
    /// Guards a choice whose every branch begins with a word, so a choice the utterance
    /// cannot take fails in one step rather than one per branch.
    case peek(start: Int32, count: Int32, next: Int32)
    /// The next token names the pattern's app.
    case app(next: Int32)
    /// The token here follows a pause (a comma, colon or full stop); reads nothing.
    case pause(next: Int32)
    /// Reads nothing, and only when the pattern's app was named at the edge of
    /// the utterance and taken off, together with its preposition ("in Nagz, ...").
    case detachedApp(next: Int32)
    /// Try the first branch, then the second.
    case split(Int32, Int32)
    /// Marks where an enum slot starts and ends.
    case open(slot: Int8, next: Int32)
    case close(slot: Int8, next: Int32)
    /// Free text (`mention: false`) or an entity mention (`mention: true`: no
    /// function words, times or app names) of 1...`limit` tokens, shortest first. A `person`'s
    /// mention does not begin with a gerund.
    case free(slot: Int8, limit: Int16, mention: Bool, person: Bool, next: Int32)
    /// A number, duration, date or yes/no read by its grammar, longest first.
    case typed(slot: Int8, kind: TypedSlot, next: Int32)
    /// The whole utterance has been read.
    case match
}

enum TypedSlot: UInt8, Sendable {
    case integer, duration, date, bool
}

/// How a pattern's slot becomes a parameter value.
struct SlotBinding: Sendable {
    enum Kind: Sendable {
        case text, mention, enumeration(Int), typed(TypedSlot)
        /// Text or an entity spoken as a case of the enum at this index: the case's raw value.
        case spokenEnum(Int, entity: Bool)
    }

    /// Index into the intent's parameters.
    var parameter: Int
    var kind: Kind
}

/// What the matcher's inner loop needs of a pattern, without references, so
/// reading it costs no reference counting.
struct PatternHeader: Sendable {
    var intent: Int32
    var entry: Int32
    var requirementStart: Int32
    var requirementCount: Int32
    var slotCount: Int32
    var app: Int8
}

/// A pattern as its anchor word lists it, with what rules it out before its header is read:
/// the bits of its one-word requirements together, all of which the utterance's mask must
/// have, one requirement of several words, what it may begin with, and its app.
struct AnchoredPattern: Sendable {
    var pattern: Int32
    var app: Int8
    var everyBit: UInt64
    /// The bits of its narrowest requirement of several words (one of "nag", "reminder",
    /// "task"), or every bit when it has none: most patterns an anchor lists are ruled out by
    /// one such requirement, without their header being read.
    var someBit: UInt64
    /// What a run of the pattern can read first: over a third of the patterns that meet their
    /// requirements fail on the first token.
    var firstStep: FirstStep

    init(pattern: Int32, _ compiled: CompiledPattern, firstStep: FirstStep) {
        self.pattern = pattern
        self.app = compiled.app
        self.everyBit = compiled.requirements.reduce(0) { $1.nonzeroBitCount == 1 ? $0 | $1 : $0 }
        self.someBit = compiled.requirements.filter { $0.nonzeroBitCount > 1 }
            .min { $0.nonzeroBitCount < $1.nonzeroBitCount } ?? ~0
        self.firstStep = firstStep
    }

    func mayMeetRequirements(_ mask: UInt64) -> Bool {
        mask & everyBit == everyBit && mask & someBit != 0
    }
}

/// A compiled phrase or utterance of one intent.
struct CompiledPattern: Sendable {
    var intent: Int
    var app: Int8
    var entry: Int32
    var slots: [SlotBinding]
    /// Each mask holds the words of which the utterance must contain one.
    var requirements: [UInt64]
    /// The pattern reads the app's name and values, no word of its own ("<app> {message}").
    var readsOnlyAppAndValues: Bool
    /// The pattern as written, for diagnostics.
    var text: String
}
