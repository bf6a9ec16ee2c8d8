import Foundation

/// The `jiri://continue?session_id=<id>` link that moves a conversation from
/// voice to the phone app.
public struct DeepLink: Sendable, Hashable {
    public static let scheme = "jiri"
    public static let continueHost = "continue"

    public var sessionID: String
    /// Extra query items (e.g. `intent`), kept in order.
    public var context: [String: String]

    public init(sessionID: String, context: [String: String] = [:]) {
        self.sessionID = sessionID
        self.context = context
    }

    public var url: String {
        var components = URLComponents()
        components.scheme = Self.scheme
        components.host = Self.continueHost
        components.queryItems = [URLQueryItem(name: "session_id", value: sessionID)]
            + context.keys.sorted().map { URLQueryItem(name: $0, value: context[$0]) }
        return components.string ?? "\(Self.scheme)://\(Self.continueHost)"
    }

    /// Parses a continue link; `nil` for anything else.
    public init?(url: String) {
        guard let components = URLComponents(string: url),
              components.scheme?.lowercased() == Self.scheme,
              components.host?.lowercased() == Self.continueHost,
              let items = components.queryItems,
              let sessionID = items.first(where: { $0.name == "session_id" })?.value,
              !sessionID.isEmpty
        else { return nil }
        self.sessionID = sessionID
        var context: [String: String] = [:]
        for item in items where item.name != "session_id" {
            context[item.name] = item.value ?? ""
        }
        self.context = context
    }
}
