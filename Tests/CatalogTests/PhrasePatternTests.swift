import Catalog
import Testing

@Suite struct PhrasePatternTests {
    @Test func swiftPhraseReadsAppAndParameterInterpolations() throws {
        let pattern = try PhrasePattern.parseSwiftPhrase(#"Ask \(.applicationName) \(\.$prompt)"#)
        #expect(pattern.elements == [.literal("Ask "), .app, .slot(name: "prompt", maxTokens: nil)])
    }

    @Test func swiftPhraseRejectsOtherInterpolations() {
        #expect(throws: PatternSyntaxError.self) { try PhrasePattern.parseSwiftPhrase(#"Ask \(name)"#) }
        #expect(throws: PatternSyntaxError.self) { try PhrasePattern.parseSwiftPhrase(#"Ask \(.applicationName"#) }
    }

    @Test func utteranceReadsGroupsSlotsAndReferences() throws {
        let pattern = try PhrasePattern.parseUtterance("(remind|nag) {recipient} to {description:6} [<due>] in <app>")
        #expect(pattern.elements == [
            .choice(alternatives: [[.literal("remind")], [.literal("nag")]], optional: false),
            .slot(name: "recipient", maxTokens: nil),
            .literal("to"),
            .slot(name: "description", maxTokens: 6),
            .choice(alternatives: [[.rule("due")]], optional: true),
            .literal("in"),
            .app,
        ])
        #expect(pattern.slotNames == ["recipient", "description"])
        #expect(pattern.ruleNames == ["due"])
    }

    @Test func slotSpokenAsAnEnumNamesTheEnum() throws {
        let pattern = try PhrasePattern.parseUtterance("i took {nag:NagCategory}")
        #expect(pattern.elements == [.literal("i took"), .slot(name: "nag", maxTokens: nil, spokenAs: "NagCategory")])
        #expect(pattern.slotNames == ["nag"])
        #expect(pattern.spokenEnumNames == ["NagCategory"])
    }

    @Test func aCommaIsAPauseThatAnchorsNothing() throws {
        let pattern = try PhrasePattern.parseUtterance("{title:4} , {category}")
        #expect(pattern.elements == [
            .slot(name: "title", maxTokens: 4, spokenAs: nil), .pause, .slot(name: "category", maxTokens: nil, spokenAs: nil),
        ])
        #expect(!pattern.hasRequiredAnchor)
    }

    @Test func rulesAreInlined() throws {
        let pattern = try PhrasePattern.parseUtterance("snooze <nag>")
        let inlined = pattern.inliningRules(["nag": try PhrasePattern.parseUtterance("(nag|reminder)")])
        #expect(inlined.elements == [
            .literal("snooze"), .choice(alternatives: [[.literal("nag")], [.literal("reminder")]], optional: false),
        ])
    }

    @Test(arguments: ["(a|b", "a|b", "[a]]", "{}", "{x:0}", "{x:lower}", "<>", "(a||b)", "[ ]", ""])
    func malformedUtteranceIsRejected(_ text: String) {
        #expect(throws: PatternSyntaxError.self) { try PhrasePattern.parseUtterance(text) }
    }

    @Test func anchorRequiresAWordOutsideOptionalGroups() throws {
        #expect(try PhrasePattern.parseUtterance("[show] {x}").hasRequiredAnchor == false)
        #expect(try PhrasePattern.parseUtterance("(show|list) {x}").hasRequiredAnchor)
        #expect(try PhrasePattern.parseUtterance("{x} <app>").hasRequiredAnchor)
    }

    @Test func dialogTemplatesRenderKnownPlaceholders() {
        let template = "Created {category} nag for {recipient}, due {dueAt}."
        #expect(DialogTemplate.placeholders(in: template) == ["category", "recipient", "dueAt"])
        #expect(DialogTemplate.render(template, values: ["category": "homework", "recipient": "Emma"])
            == "Created homework nag for Emma, due {dueAt}.")
    }

    @Test func aDialogWithAnUnfilledPlaceholderIsNotRenderedWhole() {
        let template = "Searching your chats for {query}."
        #expect(DialogTemplate.renderIfComplete(template, values: [:]) == nil)
        #expect(DialogTemplate.renderIfComplete(template, values: ["query": "oauth"]) == "Searching your chats for oauth.")
    }
}
