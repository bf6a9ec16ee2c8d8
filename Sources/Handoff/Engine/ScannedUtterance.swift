/// The word ids `has_phrase` looks at, for each text fact it may test: the whole utterance
/// (`utterance.text`) and the request without what the user dictated (`utterance.request`).
struct ScannedUtterance: Sendable {
    var text: [Int32]
    var request: [Int32]

    static let none = ScannedUtterance(text: [], request: [])

    subscript(fact: HandoffFact) -> [Int32] {
        fact == .utteranceRequest ? request : text
    }
}
