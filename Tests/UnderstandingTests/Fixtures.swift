import Catalog
import Foundation
import Testing
import Understanding

enum Fixtures {
    /// The repository root (this file is `Tests/UnderstandingTests/Fixtures.swift`).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let catalog: Catalog = {
        do {
            return try Catalog.load(directory: repository.appendingPathComponent("deploy/config/apps"))
        } catch {
            fatalError("the shipped catalog does not load: \(error)")
        }
    }()

    static let matcher = IntentMatcher(catalog: catalog)

    static let newYork = TimeZone(identifier: "America/New_York")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// Saturday 22 November 2025, 10:30 in New York.
    static let context = MatchContext(timeZone: newYork, now: date(2025, 11, 22, 10, 30, in: newYork))

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// The lines of `../shared/eval/dev.jsonl` beside the repository.
    static func devLines() -> [String] {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/eval/dev.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}

/// Expects `text` to match `intent` (nil: no intent) with at least `slots`,
/// compared as the JSON the eval files use.
func expectUnderstood(
    _ text: String, as intent: String?, slots: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let match = Fixtures.matcher.match(text, context: Fixtures.context)
    #expect(match?.intent.id == intent, sourceLocation: sourceLocation)
    for (name, expected) in slots {
        #expect(match?.slots[name].map { "\($0.json)" } == expected, "slot \(name)", sourceLocation: sourceLocation)
    }
}

extension SlotValue {
    /// The value as the JSON the eval files and the wire use.
    var json: Any {
        switch self {
        case .text(let value), .enumCase(let value), .entity(let value): value
        case .integer(let value), .minutes(let value): value
        case .bool(let value): value
        case .date: stringValue
        }
    }
}

/// The shipped catalog's match for `text`, at the fixtures' time in New York unless told.
func understand(_ text: String, context: MatchContext = Fixtures.context) -> IntentMatch? {
    Fixtures.matcher.match(text, context: context)
}
