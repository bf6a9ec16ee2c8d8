import JiriAPI
import Testing

@Suite("Deep links")
struct DeepLinkTests {
    @Test func continueLinkCarriesTheSessionID() {
        #expect(DeepLink(sessionID: "abc-123").url == "jiri://continue?session_id=abc-123")
    }

    @Test func contextFollowsTheSessionIDInNameOrder() {
        let link = DeepLink(sessionID: "s1", context: ["intent": "oppi.OpenNewSessionIntent", "app": "oppi"])
        #expect(link.url == "jiri://continue?session_id=s1&app=oppi&intent=oppi.OpenNewSessionIntent")
    }

    @Test func builtLinksParseBackToTheSameValue() throws {
        let link = DeepLink(sessionID: "7d1c0b0e-5b7e-4a43-9a0e-2f4d1b6c9e11", context: ["app": "nagz", "note": "a b&c=d"])
        #expect(DeepLink(url: link.url) == link)
    }

    @Test func reservedCharactersArePercentEncoded() throws {
        let url = DeepLink(sessionID: "s1", context: ["note": "a b&c=d"]).url
        #expect(url.contains("note=a%20b%26c%3Dd"))
    }

    @Test func schemeAndHostAreCaseInsensitive() throws {
        let link = try #require(DeepLink(url: "JIRI://Continue?session_id=s1"))
        #expect(link.sessionID == "s1")
    }

    @Test(arguments: [
        "https://continue?session_id=s1",
        "jiri://open?session_id=s1",
        "jiri://continue",
        "jiri://continue?session_id=",
        "jiri://continue?app=oppi",
        "not a url at all",
    ])
    func otherLinksAreNotContinueLinks(_ url: String) {
        #expect(DeepLink(url: url) == nil)
    }

    @Test func aTurnResponseExposesItsParsedLink() {
        var response = TurnResponse(sessionID: "s1", replyText: "Opening Oppi.", debug: .init(mode: "handoff"), turnID: "t1")
        #expect(response.deepLink == nil)
        response.handoffToApp = true
        response.deepLinkURL = "jiri://continue?session_id=s1&app=oppi"
        #expect(response.deepLink == DeepLink(sessionID: "s1", context: ["app": "oppi"]))
    }
}
