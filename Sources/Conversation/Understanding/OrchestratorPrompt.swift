import Catalog
import Foundation

/// The messages sent with each request: a short system prompt naming the
/// apps and the user's local time, the last exchanges, then the utterance.
struct OrchestratorPrompt: Sendable {
    /// Two exchanges: enough to resolve "and for Sam too", little to send.
    static let recentMessages = 4

    private let apps: String

    init(catalog: Catalog) {
        apps = catalog.apps.map(\.displayName).joined(separator: ", ")
    }

    func messages(for utterance: Utterance) -> [ChatCompletions.Message] {
        var messages = [ChatCompletions.Message(role: "system", content: system(utterance))]
        for message in utterance.recent.suffix(Self.recentMessages) where message.role == "user" || message.role == "assistant" {
            messages.append(ChatCompletions.Message(role: message.role, content: message.content))
        }
        messages.append(ChatCompletions.Message(role: "user", content: utterance.text))
        return messages
    }

    private func system(_ utterance: Utterance) -> String {
        let zone = utterance.context.timeZone
        let local = utterance.context.now.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
        return """
            You route spoken requests for Jiri, a voice assistant for these apps: \(apps). \
            Call the one tool that does what the user asks, with only the arguments the user gave; \
            give dates as ISO-8601 date-times with the offset and durations in minutes. \
            If no tool fits, answer in one short sentence without calling a tool. \
            The user's local time is \(Self.weekday(utterance.context.now, in: zone)) \(local) (\(zone.identifier)).
            """
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func weekday(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return weekdays[calendar.component(.weekday, from: date) - 1]
    }
}
