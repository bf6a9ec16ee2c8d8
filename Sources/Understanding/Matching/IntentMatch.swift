import Catalog

/// The intent an utterance asks for, how sure the matcher is, and the parameter
/// values it heard. Slots hold only what was said: defaults are the app's to apply.
public struct IntentMatch: Sendable {
    /// Held by reference: a match is copied and dropped many times on its way out of the
    /// matcher, and each copy of the definition itself would retain every one of its strings
    /// and arrays.
    private var shared: SharedIntent

    public var intent: IntentDefinition {
        get { shared.definition }
        set { shared = SharedIntent(newValue) }
    }

    /// From 0 to 1. The matcher returns nothing below its threshold.
    public var confidence: Double
    public var slots: [String: SlotValue]
    /// Someone was named only by a pronoun ("set a nag for him"), read as a name not said yet:
    /// a model that sees the conversation may know who it is.
    public var namesSomeoneByPronoun: Bool
    /// Read by a catch-all pattern: the app's name and a value, no word of the pattern's own
    /// ("CodingBridge, {message}").
    var isCatchAll = false

    public init(intent: IntentDefinition, confidence: Double, slots: [String: SlotValue], namesSomeoneByPronoun: Bool = false) {
        self.init(shared: SharedIntent(intent), confidence: confidence, slots: slots, namesSomeoneByPronoun: namesSomeoneByPronoun)
    }

    init(shared: SharedIntent, confidence: Double, slots: [String: SlotValue], namesSomeoneByPronoun: Bool = false) {
        self.shared = shared
        self.confidence = confidence
        self.slots = slots
        self.namesSomeoneByPronoun = namesSomeoneByPronoun
    }

    /// Whether a value was taken as free text (a prompt, an idea, a mood's title).
    var tookFreeText: Bool {
        slots.values.contains { if case .text = $0 { true } else { false } }
    }
}

/// One catalog intent's definition, made once per matcher and shared by its matches.
final class SharedIntent: Sendable {
    let definition: IntentDefinition

    init(_ definition: IntentDefinition) {
        self.definition = definition
    }
}
