/// What a recogniser writes of a stammer or a restart, taken out before the request is read:
/// "s-s-snooze" is "snooze", "for, for twenty, twenty minutes" is "for twenty minutes".
extension Tokenizer {
    /// The longest sound said over before the word it starts ("s-", "en-", "re-").
    private static let maxStammeredSound = 3
    /// The most words said again after a pause ("can you, can you read me …").
    private static let maxRestartWords = 3

    /// How many bytes at the start of the written word at `index` are a stammer: a sound of up
    /// to three letters said once or more before the word it starts ("t-t-twenty", "en-en-energetic",
    /// "b-b-bus-times", "M-M-MoodBoard"). "e-mail", "so-so", "bye-bye" and "co-op" have none.
    static func stammerLength(_ text: UnsafeBufferPointer<UInt8>, from index: Int, length: Int) -> Int {
        let end = index + length
        // Asked of every word: only its first few bytes are looked at for the sound's hyphen.
        var soundEnd = index + 1
        while soundEnd < min(end, index + maxStammeredSound + 1), text[soundEnd] != UInt8(ascii: "-") { soundEnd += 1 }
        guard soundEnd < end, text[soundEnd] == UInt8(ascii: "-") else { return 0 }
        let sound = index..<soundEnd
        var start = soundEnd + 1
        while start < end {
            let stop = hyphen(in: text, from: start, to: end) ?? end
            let part = start..<stop
            if part.count == sound.count, begins(text, part, with: sound) {
                start = stop + 1
                continue
            }
            return part.count > sound.count && begins(text, part, with: sound) ? start - index : 0
        }
        return 0
    }

    private static func hyphen(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        (start..<end).first { text[$0] == UInt8(ascii: "-") }
    }

    /// Whether the letters of `part` begin with those of `sound`, in any case.
    private static func begins(_ text: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, with sound: Range<Int>) -> Bool {
        zip(part, sound).allSatisfy { isLetter(text[$0]) && text[$0] | 0x20 == text[$1] | 0x20 }
    }

    /// Drops the first saying of known words said again right after a pause ("for, for", "can
    /// you, can you", "twenty, twenty"); the pauses before both sayings stay, since the second
    /// may begin the request ("got an idea, an idea for CodingBridge, …").
    static func droppingRestarts(_ tokens: inout [Token]) {
        var index = 1
        while index < tokens.count {
            guard tokens[index].flags.contains(.clauseStart), let length = restartLength(tokens, at: index) else {
                index += 1
                continue
            }
            let breaks = tokens[index - length].flags.intersection(.breaks)
            tokens.removeSubrange((index - length)..<index)
            tokens[index - length].flags.formUnion(breaks)
            index = max(1, index - length)
        }
    }

    private static func restartLength(_ tokens: [Token], at index: Int) -> Int? {
        for length in 1...min(maxRestartWords, index) where index + length <= tokens.count {
            let said = tokens[(index - length)..<index]
            let again = tokens[index..<(index + length)]
            let same = zip(said, again).allSatisfy { $0.id == $1.id && $0.value == $1.value && $0.id != .unknown }
            if same, said.dropFirst().allSatisfy({ $0.flags.isDisjoint(with: .breaks) }),
               again.dropFirst().allSatisfy({ $0.flags.isDisjoint(with: .breaks) }) {
                return length
            }
        }
        return nil
    }
}
