import Catalog
import Foundation
import Understanding

extension DialogTemplate {
    /// Fills `{param}` placeholders with spoken slot values (dates in the
    /// user's zone, "30 minutes").
    static func render(_ template: String, slots: [String: SlotValue], extra: [String: String] = [:], context: MatchContext) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        return render(template, values: spokenValues(slots, extra: extra, context: context))
    }

    /// The template with every placeholder filled from the slots, or nil when one has no value.
    static func renderIfComplete(_ template: String, slots: [String: SlotValue], context: MatchContext) -> String? {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        return renderIfComplete(template, values: spokenValues(slots, extra: [:], context: context))
    }

    private static func spokenValues(_ slots: [String: SlotValue], extra: [String: String], context: MatchContext) -> [String: String] {
        var values = slots.mapValues { $0.spoken(in: context) }
        values.merge(extra) { $1 }
        return values
    }
}

extension SlotValue {
    /// How the value reads aloud.
    func spoken(in context: MatchContext) -> String {
        switch self {
        case .text(let text), .enumCase(let text), .entity(let text): return text
        case .integer(let value): return String(value)
        case .minutes(let value): return value == 1 ? "1 minute" : "\(value) minutes"
        case .bool(let value): return value ? "yes" : "no"
        case .date(let date):
            let formatter = DateFormatter()
            formatter.timeZone = context.timeZone
            formatter.locale = Locale(identifier: "en_US_POSIX")
            let calendar = Calendar(identifier: .gregorian)
            var zoned = calendar
            zoned.timeZone = context.timeZone
            if zoned.isDate(date, inSameDayAs: context.now) {
                formatter.dateFormat = "'today at' h:mm a"
            } else if let tomorrow = zoned.date(byAdding: .day, value: 1, to: context.now), zoned.isDate(date, inSameDayAs: tomorrow) {
                formatter.dateFormat = "'tomorrow at' h:mm a"
            } else {
                formatter.dateFormat = "EEEE, MMMM d 'at' h:mm a"
            }
            return formatter.string(from: date)
        }
    }
}
