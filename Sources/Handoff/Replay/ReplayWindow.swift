import Foundation

/// Which stored turns a replay reads: `--since 7d`, `36h`, `90m`, or an ISO 8601 date or time.
public enum ReplayWindow {
    /// The earliest turn time `text` names, counted back from `now` for a duration.
    public static func start(_ text: String, now: Date = Date()) throws(ReplayWindowError) -> Date {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let unit = text.last, let amount = Int(text.dropLast()), amount >= 0 {
            let seconds: Int? = switch unit {
            case "d": 86_400
            case "h": 3_600
            case "m": 60
            case "s": 1
            default: nil
            }
            if let seconds {
                let (total, overflow) = amount.multipliedReportingOverflow(by: seconds)
                guard !overflow else { throw ReplayWindowError(text: text) }
                return now.addingTimeInterval(-TimeInterval(total))
            }
        }
        if let date = try? Date(text, strategy: .iso8601) {
            return date
        }
        if let day = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) {
            return day
        }
        throw ReplayWindowError(text: text)
    }
}

public struct ReplayWindowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var text: String

    public var description: String {
        "'\(text)' is not a window: use a duration such as 7d, 36h or 90m, or an ISO 8601 date such as 2026-05-01"
    }
}
