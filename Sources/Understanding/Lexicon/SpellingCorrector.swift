/// Typed words one slip away from a word the matcher knows: a letter left out ("remnd",
/// "snoze", "famly"), one too many ("moood"), two swapped ("overdeu") or one wrong. Only
/// lower-case words of five letters or more the vocabulary does not know are corrected, and
/// only to the one known word they can be a slip of; a capitalised word is taken for a name.
/// The matcher reads a corrected utterance only when the one as written matched nothing, which
/// is also true of every request for no app at all ("tell me a joke"), so words are checked
/// as bytes, in hash tables, without making a String of each variant.
struct SpellingCorrector: Sendable {
    private var targets: [[UInt8]] = []
    private var known = WordTable()
    /// The hash of each known word of five letters or more with one letter taken out, sorted,
    /// and the word's index in `targets` beside it: 12 bytes an entry, where a table of the
    /// spellings themselves took half a megabyte. A candidate found by its hash is checked
    /// against the word before it is used, so two spellings sharing a hash do no harm.
    private var deletionHashes: [UInt64] = []
    private var deletionTargets: [Int32] = []

    static let shortestCorrected = 5

    init(spellings: [String]) {
        var deletions: [(hash: UInt64, target: Int32)] = []
        for word in spellings where word.count >= Self.shortestCorrected - 1 && word.utf8.allSatisfy(Self.isLowercaseLetter) {
            let index = Int32(targets.count)
            let bytes = Array(word.utf8)
            targets.append(bytes)
            known.insert(word, value: index)
            guard bytes.count >= Self.shortestCorrected else { continue }
            for position in bytes.indices {
                var shorter = bytes
                shorter.remove(at: position)
                deletions.append((shorter.withUnsafeBufferPointer(WordTable.hash), index))
            }
        }
        deletions.sort { ($0.hash, $0.target) < ($1.hash, $1.target) }
        deletionHashes = deletions.map(\.hash)
        deletionTargets = deletions.map(\.target)
    }

    /// The text with its slips corrected, or nil when none was found.
    func corrected(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var corrections: [(Range<Int>, String)] = []
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                guard Self.isLowercaseLetter(bytes[start]), start == 0 || !Tokenizer.isWordByte(bytes[start - 1]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < bytes.count, Self.isLowercaseLetter(bytes[end]) { end += 1 }
                // A run of lower-case letters beside another word byte is part of a longer word
                // ("jiri-server", "McAllen", "o'clock").
                if end - start >= Self.shortestCorrected, end == bytes.count || !Tokenizer.isWordByte(bytes[end]),
                   let correction = correction(of: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                    corrections.append((start..<end, correction))
                }
                start = end + 1
            }
        }
        guard !corrections.isEmpty else { return nil }
        var result = bytes
        for (range, correction) in corrections.reversed() { result.replaceSubrange(range, with: correction.utf8) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The one known word `letters` (lower-case ASCII letters) is a slip of. Each variant is
    /// written into one scratch buffer on the stack: asked of every word of five letters or
    /// more the vocabulary does not know, in every utterance that matched nothing.
    func correction(of letters: UnsafeBufferPointer<UInt8>) -> String? {
        guard Self.find(letters, in: known) == nil else { return nil }
        var found: Int32?
        var ambiguous = false
        func offer(_ index: Int32?) {
            guard let index, index >= 0, !ambiguous else { return }
            if let current = found, current != index { ambiguous = true } else { found = index }
        }
        // A letter left out: the word is a known word with one letter taken out.
        for target in targetsLosingALetter(to: letters) where Self.isOneLetterShort(letters, of: targets[Int(target)]) {
            offer(target)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: letters.count) { scratch in
            for position in letters.indices {
                var length = 0
                for index in letters.indices where index != position {
                    scratch[length] = letters[index]
                    length += 1
                }
                let shorter = UnsafeBufferPointer(rebasing: scratch[0..<length])
                // One letter too many.
                offer(Self.find(shorter, in: known))
                // One letter wrong: both lose the letter at the same place.
                for target in targetsLosingALetter(to: shorter) where Self.differsOnlyAt(position, targets[Int(target)], letters) {
                    offer(target)
                }
            }
            // Two letters swapped.
            _ = scratch.initialize(from: letters)
            let swapped = UnsafeBufferPointer(scratch)
            for position in letters.indices.dropLast() where letters[position] != letters[position + 1] {
                scratch.swapAt(position, position + 1)
                offer(Self.find(swapped, in: known))
                scratch.swapAt(position, position + 1)
            }
        }
        guard !ambiguous, let found else { return nil }
        return String(decoding: targets[Int(found)], as: UTF8.self)
    }

    /// The known words that give `bytes` with one letter taken out, by hash (to be checked).
    private func targetsLosingALetter(to bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<Int32> {
        let hash = WordTable.hash(bytes)
        var low = 0
        var high = deletionHashes.count
        while low < high {
            let middle = (low + high) / 2
            if deletionHashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < deletionHashes.count, deletionHashes[end] == hash { end += 1 }
        return deletionTargets[low..<end]
    }

    private static func isOneLetterShort(_ letters: UnsafeBufferPointer<UInt8>, of target: [UInt8]) -> Bool {
        guard target.count == letters.count + 1 else { return false }
        var skipped = false
        var index = 0
        for byte in target {
            if index < letters.count, letters[index] == byte {
                index += 1
            } else if skipped {
                return false
            } else {
                skipped = true
            }
        }
        return index == letters.count
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, in table: WordTable) -> Int32? {
        table.lookup(bytes, hash: WordTable.hash(bytes))
    }

    private static func differsOnlyAt(_ position: Int, _ other: [UInt8], _ letters: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == letters.count else { return false }
        return other[position] != letters[position] && other.indices.allSatisfy { $0 == position || other[$0] == letters[$0] }
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
