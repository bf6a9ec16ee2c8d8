import AsyncHTTPClient
import Catalog
import Conversation
import Foundation
import JiriTestSupport
import Testing
import Understanding

/// The shipped catalog and a fixed moment, so dialogs and dates in the tests
/// are the ones users hear.
enum ConnectorFixture {
    static let timeZone = TimeZone(identifier: "America/New_York")!
    /// Tuesday 4 March 2025, 3:00 PM in New York.
    static let now = Date(timeIntervalSince1970: 1_741_118_400)
    static let token = "test-token-\(UUID().uuidString.prefix(8))"

    static var context: MatchContext { MatchContext(timeZone: timeZone, now: now) }

    static func catalog() throws -> Catalog {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Catalog.load(directory: root.appendingPathComponent("deploy/config/apps"))
    }

    static func invocation(
        _ intentID: String,
        slots: [String: SlotValue] = [:],
        principal: Principal = Principal(id: "user-guardian", scopes: [.turn], roles: ["nagz": "guardian"]),
        turnID: String = "turn-\(UUID().uuidString)"
    ) throws -> ToolInvocation {
        let catalog = try catalog()
        let intent = try #require(catalog.intent(id: intentID))
        let app = try #require(catalog.app(named: intent.app))
        return ToolInvocation(intent: intent, app: app, slots: slots, principal: principal, context: context, turnID: turnID)
    }

    static func client(_ baseURL: String, budget: Duration = .seconds(3)) -> HTTPConnectorClient {
        HTTPConnectorClient(configuration: .init(baseURL: baseURL, token: token, budget: budget), httpClient: .shared)
    }

    /// A local time today in New York.
    static func today(hour: Int, minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now)!
    }

    /// A loopback URL where nothing listens.
    static func deadURL() throws -> String {
        "http://127.0.0.1:\(try freeLoopbackPort())"
    }
}
