import Catalog

/// The compiler's vocabulary: every word the catalog uses (with simple
/// plurals), and the apps' names as app tokens, strong or weak.
extension PatternCompiler {
    mutating func buildVocabulary(_ parsed: [[(String, PhrasePattern)]]) {
        var literalWords: [String] = []
        for patterns in parsed {
            for (_, pattern) in patterns { Self.collectLiterals(pattern.elements, into: &literalWords) }
        }
        var meaningfulWords = literalWords
        var aliasWords: [String] = []
        for app in catalog.apps {
            for enumeration in app.enums {
                for enumCase in enumeration.cases {
                    for form in enumCase.spokenForms { meaningfulWords += Self.rawWords(form) }
                }
            }
            for alias in app.spokenNames where Self.rawWords(alias).count > 1 {
                aliasWords += Self.rawWords(alias)
            }
        }
        // The fillers' own words ("wondering", "possible"), or a filler with one would never match.
        let fillerWords = (Fillers.leading + Fillers.leadingBeforePause + Fillers.trailing + Fillers.vocatives).flatMap(Self.rawWords)
        let words = meaningfulWords + aliasWords + fillerWords
        var added: [String] = []
        var known: Set<String> = []
        for word in words where !(word.first?.isNumber ?? true) && !known.contains(word)
            && (vocabulary.entryIndex(word) == nil || vocabulary.wordsOfExpansions.contains(word)) {
            vocabulary.addWord(word)
            added.append(word)
            known.insert(word)
        }
        for word in added where Self.isPlural(word) && known.contains(String(word.dropLast())) {
            vocabulary.addAlias(word, of: String(word.dropLast()))
        }
        for word in added where !word.hasSuffix("s") && word.count >= 3 && vocabulary.entryIndex(word + "s") == nil {
            vocabulary.addAlias(word + "s", of: word)
        }
        for word in added {
            // A gerund the catalog also spells out ("snoozing") becomes the same word too.
            guard let gerund = Self.gerund(of: word), vocabulary.entryIndex(gerund) == nil || known.contains(gerund) else { continue }
            vocabulary.addAlias(gerund, of: word)
        }
        for word in Set(meaningfulWords) {
            guard let past = Self.pastTense(of: word), vocabulary.entryIndex(past) == nil else { continue }
            vocabulary.addAlias(past, of: word, flags: .pastTense)
        }
        for word in PersonWords.descriptors { vocabulary.markDescribesPerson(word) }
        for word in PersonWords.titles { vocabulary.markTitle(word) }

        // Words the patterns and enums use: a one-word app name that is also one
        // of them only names the app where an app is expected.
        var usedIDs: Set<TokenID> = []
        for word in meaningfulWords { if let id = vocabulary.id(of: word) { usedIDs.insert(id) } }
        for (index, app) in catalog.apps.enumerated() {
            _ = vocabulary.addApp(named: app.name)
            var weakIDs: [TokenID] = []
            for alias in app.spokenNames {
                let parts = Self.rawWords(alias)
                guard parts.count == 1, let spelling = parts.first else { continue }
                if let id = vocabulary.id(of: spelling), usedIDs.contains(id) || id < TokenID(BuiltinWord.allCases.count + 16) {
                    vocabulary.addWeakAlias(spelling, app: index)
                    weakIDs.append(id)
                } else {
                    vocabulary.addStrongAlias(spelling, app: index)
                }
            }
            appWordIDs.append([vocabulary.appIDs[index]] + weakIDs)
        }
        for (index, app) in catalog.apps.enumerated() {
            for alias in app.spokenNames where Self.rawWords(alias).count > 1 {
                let ids = lex(alias).map(\.id)
                if ids.count > 1 { appPhrases.add(ids, value: Int32(index)) }
            }
        }
    }

    private static func isPlural(_ word: String) -> Bool {
        word.count >= 4 && word.hasSuffix("s") && !word.hasSuffix("ss") && !notPlurals.contains(word)
    }

    private static func collectLiterals(_ elements: [PhrasePattern.Element], into words: inout [String]) {
        for element in elements {
            switch element {
            case .literal(let text): words += rawWords(text)
            case .choice(let alternatives, _): for alternative in alternatives { collectLiterals(alternative, into: &words) }
            case .slot, .app, .rule, .pause: break
            }
        }
    }

    /// Lower-case words as the tokenizer splits them, before any lookup.
    static func rawWords(_ text: String) -> [String] {
        text.lowercased()
            .replacingOccurrences(of: "\u{2019}", with: "'")
            .split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "-") }
            .map { $0.trimmingCharacters(in: ["'", "-"]) }
            .filter { !$0.isEmpty }
    }

    /// The words a pattern's word may be said as: "me" also as "us", as British speech has it
    /// ("set us a nag", "put us down as happy", "give us the family picture").
    static func saidAs(_ id: TokenID) -> [TokenID] {
        id == BuiltinWord.me.id ? [id, BuiltinWord.us.id] : [id]
    }

    func lex(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var text = text
        text.withUTF8 { Tokenizer(vocabulary: vocabulary).tokenize($0, into: &tokens) }
        return tokens
    }

    func fillerTable(_ phrases: [String]) -> PhraseTable {
        var table = PhraseTable()
        for phrase in phrases {
            // A phrase with a word the vocabulary does not know would match any word there.
            let ids = lex(phrase).map(\.id)
            if !ids.contains(.unknown) { table.add(ids) }
        }
        return table
    }
}

extension PatternCompiler {
    /// The "-ing" form of a catalog word, read as the word itself: "would you mind adding a
    /// mood", "how about opening the starling project". Nil for words that are not plain.
    static func gerund(of word: String) -> String? {
        let letters = Array(word)
        guard letters.count >= 3, letters.allSatisfy({ $0.isLetter && $0.isASCII }), !word.hasSuffix("ing") else { return nil }
        let last = letters[letters.count - 1]
        if last == "e", !["e", "y", "o", "i"].contains(letters[letters.count - 2]) {
            return String(letters.dropLast()) + "ing"
        }
        return word + (doublesLastLetter(letters) ? String(last) : "") + "ing"
    }

    /// One short syllable ending consonant-vowel-consonant doubles the consonant before an
    /// ending: "running", "logged".
    private static func doublesLastLetter(_ letters: [Character]) -> Bool {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        let last = letters[letters.count - 1]
        return letters.count <= 4 && letters.filter(vowels.contains).count == 1 && !vowels.contains(last)
            && !["w", "x", "y"].contains(last) && vowels.contains(letters[letters.count - 2])
            && !vowels.contains(letters[letters.count - 3])
    }

    /// The "-ed" form of a catalog word: "what if we asked Oppi …", "it'd be great if someone
    /// reminded Mia …". Nil for words that are not plain or already end so.
    static func pastTense(of word: String) -> String? {
        let letters = Array(word)
        guard letters.count >= 3, letters.allSatisfy({ $0.isLetter && $0.isASCII }),
              !word.hasSuffix("ed"), !word.hasSuffix("ing"), !word.hasSuffix("s") else { return nil }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        let last = letters[letters.count - 1]
        let beforeLast = letters[letters.count - 2]
        if last == "e" { return word + "d" }
        if last == "y", !vowels.contains(beforeLast) { return String(letters.dropLast()) + "ied" }
        return word + (doublesLastLetter(letters) ? String(last) : "") + "ed"
    }
}
