import Catalog

/// What lets the matcher try few patterns: the words each pattern cannot
/// match without, and an index of patterns by their rarest such word.
extension PatternCompiler {
    /// Sets of words of which every match contains at least one each.
    func requirements(of elements: [PhrasePattern.Element], context: PatternContext) -> [[TokenID]] {
        var result: [[TokenID]] = []
        for (index, element) in elements.enumerated() {
            // A preposition before `<app>` goes when the app is taken off the edge.
            let linksApp = index + 1 < elements.count && elements[index + 1] == .app
            if linksApp, let link = appLink(element) {
                for id in link.leading { result.append([id]) }
                continue
            }
            switch element {
            case .literal(let text):
                for token in lex(text) { result.append(Self.saidAs(token.id)) }
            case .app:
                result.append(appWordIDs[Int(context.app)])
            case .slot(let name, _, let spokenAs):
                guard let parameter = context.intent.parameter(named: name) else { continue }
                let enumName: String
                if let spokenAs {
                    enumName = spokenAs
                } else if case .enumeration(let name) = parameter.type {
                    enumName = name
                } else {
                    continue
                }
                guard let index = enumIndex["\(context.appName).\(enumName)"] else { continue }
                result.append(Array(Set(enumForms[index].compactMap(\.tokens.first))))
            case .choice(let alternatives, let optional):
                guard !optional else { continue }
                var union: Set<TokenID> = []
                var everyAlternativeRequires = true
                for alternative in alternatives {
                    guard let first = requirements(of: alternative, context: context).first else {
                        everyAlternativeRequires = false
                        break
                    }
                    union.formUnion(first)
                }
                if everyAlternativeRequires, !union.isEmpty { result.append(Array(union)) }
            case .rule, .pause:
                continue
            }
        }
        return result
    }

    /// The words a match of `elements` can begin with; nil when it can begin with any word
    /// (a slot first). Empty when every element may be left out.
    func firstWords(of elements: [PhrasePattern.Element], context: PatternContext) -> Set<TokenID>? {
        var words: Set<TokenID> = []
        for element in elements {
            switch element {
            case .literal(let text):
                guard let first = lex(text).first else { continue }
                words.formUnion(Self.saidAs(first.id))
                return words
            case .app:
                return words.union(appWordIDs[Int(context.app)])
            case .slot, .rule:
                return nil
            case .pause:
                continue
            case .choice(let alternatives, let optional):
                var mayBeLeftOut = optional
                for alternative in alternatives {
                    guard let firsts = firstWords(of: alternative, context: context) else { return nil }
                    mayBeLeftOut = mayBeLeftOut || firsts.isEmpty
                    words.formUnion(firsts)
                }
                if !mayBeLeftOut { return words }
            }
        }
        return words
    }

    static func mask(_ ids: [TokenID]) -> UInt64 {
        ids.reduce(0) { $0 | (1 << UInt64($1 & 63)) }
    }

    func buildAnchorIndex() -> ([Int32], [Int32]) {
        let idCount = vocabulary.spellings.count + 1
        var lists = Array(repeating: [Int32](), count: idCount)
        for (index, anchors) in anchorSets.enumerated() {
            for id in anchors where Int(id) < idCount { lists[Int(id)].append(Int32(index)) }
        }
        var starts: [Int32] = [0]
        var flat: [Int32] = []
        for list in lists {
            flat += list
            starts.append(Int32(flat.count))
        }
        return (starts, flat)
    }
}
