import Foundation
import Testing

@testable import Understanding

@Suite struct MatchContextTests {
    static let zones = [
        "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "America/St_Johns",
        "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Australia/Lord_Howe",
    ]

    /// Instants around daylight-saving changes, before 1970, and a hair before midnight.
    static let instants: [Date] = [
        Date(timeIntervalSince1970: 1_772_953_199), Date(timeIntervalSince1970: 1_772_953_200),  // New York springs forward
        Date(timeIntervalSince1970: 1_793_512_799), Date(timeIntervalSince1970: 1_793_512_800),  // and falls back
        Date(timeIntervalSince1970: 1_774_746_000),  // Berlin's change
        Date(timeIntervalSince1970: -1_000_000_001.5), Date(timeIntervalSince1970: -1),
        Date(timeIntervalSince1970: 946_684_799.999), Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_795_000_123.25),
    ]

    @Test(arguments: zones)
    func localHourIsTheCalendarsHour(_ zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        for instant in Self.instants {
            let context = MatchContext(timeZone: timeZone, now: instant)
            #expect(context.localHour == calendar.component(.hour, from: instant), "\(zone) at \(instant)")
        }
    }
}
