import Foundation

extension TurnResponse {
    /// `deep_link_url` parsed, when the turn handed off to the app with a
    /// `jiri://continue` link (nil for no handoff or another app's link).
    public var deepLink: DeepLink? {
        deepLinkURL.flatMap(DeepLink.init(url:))
    }
}
