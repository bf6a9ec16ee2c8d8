import Catalog

/// Turns a pattern's captured token spans into parameter values.
struct SlotExtractor {
    let program: MatcherProgram
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    let context: MatchContext

    /// The values of `slots` (a pattern's) for the parameters of `intent`: taken from the shared
    /// definition one array at a time, where a copy of the definition would retain all of it.
    func values(of slots: [SlotBinding], captures: SIMD16<Int16>, intent: SharedIntent) -> [String: SlotValue] {
        let parameters = intent.definition.parameters
        // Sized once: growing from empty rehashed the slots' names on each step.
        var values: [String: SlotValue] = slots.isEmpty ? [:] : Dictionary(minimumCapacity: slots.count + 1)
        // Where each parameter's value was said, by parameter index. The parameters are read in
        // place, by index: a copy of one retains every string it holds.
        withUnsafeTemporaryAllocation(of: Range<Int>?.self, capacity: parameters.count) { spans in
            spans.initialize(repeating: nil)
            for (slot, binding) in slots.enumerated() {
                let start = Int(captures[slot * 2])
                let end = Int(captures[slot * 2 + 1])
                guard start >= 0, end > start else { continue }
                spans[binding.parameter] = start..<end
                if let value = value(binding.kind, start..<end, named: parameters[binding.parameter].name) {
                    values[parameters[binding.parameter].name] = value
                }
            }
            for index in parameters.indices where !parameters[index].inferFrom.isEmpty && values[parameters[index].name] == nil {
                guard case .enumeration = parameters[index].type,
                      let binding = enumBinding(for: parameters[index], of: intent.definition.app) else { continue }
                for source in parameters[index].inferFrom {
                    guard let sourceIndex = parameters.firstIndex(where: { $0.name == source }),
                          let span = spans[sourceIndex], let found = findEnum(binding, in: span) else { continue }
                    values[parameters[index].name] = .enumCase(found)
                    break
                }
            }
            // The other way round: "I feel great" names the category, and its words are the
            // required text the category would have been inferred from (the mood's title), which
            // the user would otherwise be asked for.
            for index in parameters.indices where !parameters[index].inferFrom.isEmpty {
                guard let span = spans[index], values[parameters[index].name] != nil else { continue }
                for source in parameters[index].inferFrom where values[source] == nil {
                    guard parameters.contains(where: { $0.name == source && $0.required }) else { continue }
                    values[source] = .text(text(span))
                    break
                }
            }
        }
        return values
    }

    /// The value of the parameter called `name` said over `span`.
    private func value(_ kind: SlotBinding.Kind, _ span: Range<Int>, named name: String) -> SlotValue? {
        switch kind {
        case .text:
            let span = withoutLeadIn(span)
            if isPlaceholder(span) { return nil }
            return .text(text(span, withDeterminer: span.count >= DictatedText.sentenceLength, freeText: true))
        case .mention:
            let span = withoutNamingWords(withoutLabel(span, named: name))
            if isPlaceholder(span) { return nil }
            return .entity(text(span))
        case .enumeration(let index):
            return enumValue(index, span).map(SlotValue.enumCase)
        case .spokenEnum(let index, let entity):
            return enumValue(index, span).map { entity ? SlotValue.entity($0) : SlotValue.text($0) }
        case .typed(.integer):
            return ScalarGrammar.integer(tokens, at: span.lowerBound, to: span.upperBound).map(SlotValue.integer)
        case .typed(.bool):
            return ScalarGrammar.bool(tokens, at: span.lowerBound, to: span.upperBound).map(SlotValue.bool)
        case .typed(.duration):
            var minutes: Int?
            DurationGrammar.parse(tokens, from: span.lowerBound, to: span.upperBound) { end, value in
                if end == span.upperBound { minutes = value }
            }
            return minutes.map(SlotValue.minutes)
        case .typed(.date):
            var expression: DateExpression?
            DateGrammar.parse(tokens, from: span.lowerBound, to: span.upperBound) { end, value in
                if end == span.upperBound { expression = value }
            }
            return expression.flatMap { context.dateResolver.resolve($0) }.map(SlotValue.date)
        }
    }

    /// Free text that follows the app it addresses loses the lead-in the user began it
    /// with: "Oppi, can you add tests" and "if Oppi could add tests" ask Oppi to "add tests".
    private func withoutLeadIn(_ span: Range<Int>) -> Range<Int> {
        guard span.lowerBound > 0, tokens[span.lowerBound - 1].flags.contains(.app) else { return span }
        var start = span.lowerBound
        if start + 1 < span.upperBound, Self.modals.contains(tokens[start].id),
           program.leadingFillers.match(tokens, at: start, limit: span.upperBound) == nil {
            start += 1
        }
        while let (length, _) = program.leadingFillers.match(tokens, at: start, limit: span.upperBound),
              start + length < span.upperBound {
            start += length
        }
        return start..<span.upperBound
    }

    /// A name said with the words that introduce it ("the one called release-bot", "named
    /// tide-charts") is the name.
    private func withoutNamingWords(_ span: Range<Int>) -> Range<Int> {
        var start = span.lowerBound
        if start + 2 < span.upperBound, tokens[start].word(in: bytes).elementsEqual("one".utf8) { start += 1 }
        guard start + 1 < span.upperBound, ValueSaidApart.namingWords.contains(tokens[start].word(in: bytes)) else { return span }
        return (start + 1)..<span.upperBound
    }

    /// A name said after the word for what it is ("for my project recipe-book", "in workspace
    /// family-photos") is the name.
    private func withoutLabel(_ span: Range<Int>, named name: String) -> Range<Int> {
        guard span.count >= 2, tokens[span.lowerBound].isWord(name, in: bytes) else { return span }
        return (span.lowerBound + 1)..<span.upperBound
    }

    /// Whether the span only stands in for a value ("something", "one of the kids").
    private func isPlaceholder(_ span: Range<Int>) -> Bool {
        span.count <= Placeholder.longest
            && Placeholder.isPlaceholder(span.map { UnsafeBufferPointer(rebasing: bytes[Int(tokens[$0].start)..<Int(tokens[$0].end)]) })
    }

    private static let modals: BuiltinWordSet = [
        BuiltinWord.can.id, BuiltinWord.could.id, BuiltinWord.would.id, BuiltinWord.will.id,
    ]

    /// The user's own words for a span, from the first token to the last; with `withDeterminer`,
    /// from the determiner the tokenizer dropped just before the first token, if there is one;
    /// as `freeText`, from a quantifier dropped there ("both bins out").
    func text(_ span: Range<Int>, withDeterminer: Bool = false, freeText: Bool = false) -> String {
        var start = Int(tokens[span.lowerBound].start)
        let floor = span.lowerBound > 0 ? Int(tokens[span.lowerBound - 1].end) : 0
        if withDeterminer, let determiner = DictatedText.determinerStart(in: bytes, before: start, notBefore: floor) {
            start = determiner
        } else if freeText {
            start = DictatedText.quantifierStart(in: bytes, before: start, notBefore: floor) ?? start
        }
        var text = ""
        // A correction's gap is skipped, and so is a jump back to words said earlier (a request
        // put back in the order the patterns read): the bytes are cut in order, piece by piece.
        for index in span.dropFirst() where tokens[index].flags.contains(.afterCorrection) || tokens[index].start < tokens[index - 1].start {
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<Int(tokens[index - 1].end)]), as: UTF8.self) + " "
            start = Int(tokens[index].start)
        }
        let end = Int(tokens[span.upperBound - 1].end)
        return text + String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private func enumValue(_ index: Int, _ span: Range<Int>) -> String? {
        program.enumForms[index].first { form in
            form.tokens.count == span.count && zip(form.tokens, span).allSatisfy { tokens[$1].id == $0 }
        }?.value
    }

    private func enumBinding(for parameter: ParameterDefinition, of app: String) -> Int? {
        guard case .enumeration(let name) = parameter.type else { return nil }
        return program.enumIndex["\(app).\(name)"]
    }

    /// The first case whose spoken form occurs in the span.
    private func findEnum(_ index: Int, in span: Range<Int>) -> String? {
        let firstWords = program.enumFirstWords[index]
        for start in span where firstWords & FirstStep.bit(tokens[start].id) != 0 {
            for form in program.enumForms[index]
            where start + form.tokens.count <= span.upperBound && form.tokens[0] == tokens[start].id {
                if form.tokens.enumerated().allSatisfy({ tokens[start + $0.offset].id == $0.element }) {
                    return form.value
                }
            }
        }
        return nil
    }
}
