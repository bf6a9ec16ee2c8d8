import Foundation
import JiriAPI
@testable import JiriServer
import Testing

/// The hand-written reader may only decline: whatever it reads must be what
/// `JSONDecoder` decodes from the same bytes, and it must decline every body
/// `JSONDecoder` rejects (the API's errors come from `JSONDecoder`).
@Suite struct TurnRequestReaderTests {
    private static func read(_ body: String) -> TurnRequest? {
        var body = body
        return body.withUTF8 { TurnRequestReader.read($0) }
    }

    private static func decoded(_ body: String) -> TurnRequest? {
        try? JSONDecoder().decode(TurnRequest.self, from: Data(body.utf8))
    }

    /// Bodies as clients send them: the reader must take these itself.
    static let usualBodies: [String] = [
        #"{"user_text":"Add a happy mood in MoodBoard"}"#,
        #"{"session_id":"bench-17","user_text":"show me my calendar","client":"shortcut","meta":{"timezone":"Europe/Prague","device":"iPhone15,2","voice":true,"app_version":"1.4.2"}}"#,
        #" { "user_text" : "hi" , "meta" : null , "session_id" : null , "turn_id" : "k-1" } "#,
        #"{"user_text":"tab\tnew\nline \"quoted\" \\ \/ \u00e9 \ud83d\ude00 \u0000","user_id":"u","unknown":{"a":[1,2.5e-3,-0,{"b":null}],"c":true}}"#,
        #"{"user_text":"watch","meta":{"surface":"watch","locked":false,"can_continue_in_foreground":null,"voice":false,"extra":[],"location":null,"device_context":null}}"#,
        #"{"user\u005ftext":"escaped key","meta":{"timezone":null,"device":null}}"#,
        #"{"user_text":"café ☕️ 日本語","client":"app_intent"}"#,
    ]

    /// Bodies the reader must leave to JSONDecoder: malformed, mistyped, or merely unusual.
    static let otherBodies: [String] = [
        "", " ", "[]", "null", #""text""#, "{", "{}", #"{"user_text":null}"#, #"{"user_text":5}"#,
        #"{"user_text":"a",}"#, #"{"user_text":"a"} x"#, #"{"user_text":"a","user_text":"b"}"#,
        #"{"user_text":"\ud800"}"#, #"{"user_text":"a","x":01}"#, #"{"user_text":"a","x":1.}"#,
        #"{"user_text":"a","x":-}"#, #"{"user_text":"a","x":.5}"#, #"{"user_text":"a","x":+1}"#,
        #"{"user_text":"a","x":1e999}"#, #"{"user_text":"a","meta":[]}"#, #"{"user_text":"a","meta":{"voice":"yes"}}"#,
        #"{"user_text":"a","meta":{"location":{"latitude":1,"longitude":2}}}"#,
        #"{"user_text":"a","meta":{"device_context":{"battery_level":0.5}}}"#,
        #"{"user_text":"a","session_id":7}"#, #"{"user_text":"a","x":tru}"#, #"{"user_text":"a\u001"}"#,
        "{\"user_text\":\"raw\ttab\"}", "\u{FEFF}{\"user_text\":\"bom\"}",
        #"{"user_text":"a","deep":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ]

    @Test(arguments: usualBodies)
    func aUsualBodyIsReadByHandAsJSONDecoderDecodesIt(_ body: String) throws {
        let read = try #require(Self.read(body))
        #expect(read == Self.decoded(body))
    }

    @Test(arguments: otherBodies)
    func anyOtherBodyIsReadAsJSONDecoderDecodesItOrLeftToIt(_ body: String) {
        if let read = Self.read(body) {
            #expect(read == Self.decoded(body))
        }
    }

    @Test func everyBodyJSONDecoderRejectsIsLeftToIt() {
        for body in Self.usualBodies + Self.otherBodies where Self.decoded(body) == nil {
            #expect(Self.read(body) == nil, "\(body)")
        }
    }
}
