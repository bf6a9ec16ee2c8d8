import Conversation
import Foundation
import JiriAPI
import JiriServer
import Storage

/// The JSON work of one turn, piece by piece, done the way the server does it
/// (a fresh `JSONDecoder` / `JSONEncoder` per call).
struct TurnJSONBenchmark {
    let report: Report

    static let iosBody = Data("""
        {"session_id": "bench-17", "user_text": "Add a happy mood in MoodBoard", "client": "ios_app", \
        "meta": {"voice": true, "device": "iphone", "timezone": "America/New_York"}}
        """.utf8)

    static let response = TurnResponse(
        sessionID: "bench-17", replyText: "Mood added! Opening the app for you...", handoffToApp: true,
        deepLinkURL: "jiri://continue?session_id=bench-17&app=moodboard&intent=moodboard.AddMoodIntent",
        debug: .init(toolTrace: ["moodboard.AddMoodIntent"], latencyMs: 1, mode: "intent"),
        turnID: "7d0b7c8e-3f4a-4f7e-9a51-0f2d1c9b6a11",
        intent: IntentInfo(id: "moodboard.AddMoodIntent", app: "moodboard", status: "completed",
                           slots: ["title": .string("happy"), "category": .string("happy")]),
        handoff: HandoffInfo(rule: "foreground-intent", stage: "trigger", reason: "The intent runs in the app.",
                             rulesetRevision: "2026-05-12.1", mode: "enforce", delivery: "open_now"),
        actions: [ClientAction(app: "moodboard", intent: "moodboard.AddMoodIntent", parameters: ["title": .string("happy")])]
    )

    func run() throws {
        let operations = 20_000
        let request = try JSONDecoder().decode(TurnRequest.self, from: Self.iosBody)
        let responseData = try JSONEncoder().encode(Self.response)
        let session = SessionRecord(id: "bench-17", owner: "anonymous", client: "ios_app", createdAt: Date(), turnCount: 12,
                                    stateJSON: #"{"declinedVisual":false,"lastUser":"Add a happy mood in MoodBoard","lastAssistant":"Mood added!"}"#)
        let sessionData = try JSONEncoder().encode(session)

        let decodeRequest = Stopwatch.median(operations: operations) { _ in
            blackHole(try? JSONDecoder().decode(TurnRequest.self, from: Self.iosBody))
        }
        report.recordRate("json", "TurnRequest decode (iOS body)", nanosecondsPerOperation: decodeRequest, unit: "request",
                          note: "\(Self.iosBody.count) bytes, JSONDecoder")
        let readRequest = Stopwatch.median(operations: operations) { _ in
            blackHole(Self.iosBody.withUnsafeBytes { TurnRequestReader.read($0.bindMemory(to: UInt8.self)) })
        }
        report.recordRate("json", "TurnRequest read by hand (iOS body)", nanosecondsPerOperation: readRequest, unit: "request",
                          note: "TurnRequestReader, what POST /turn uses for such a body")

        let encodeResponse = Stopwatch.median(operations: operations) { _ in
            blackHole(try? JSONEncoder().encode(Self.response))
        }
        report.recordRate("json", "TurnResponse encode", nanosecondsPerOperation: encodeResponse, unit: "response",
                          note: "\(responseData.count) bytes, intent + handoff + action")

        let decodeResponse = Stopwatch.median(operations: operations) { _ in
            blackHole(try? JSONDecoder().decode(TurnResponse.self, from: responseData))
        }
        report.recordRate("json", "TurnResponse decode (replay)", nanosecondsPerOperation: decodeResponse, unit: "response")

        let sortedEncoder = JSONEncoder()
        sortedEncoder.outputFormatting = .sortedKeys
        let hashEncode = Stopwatch.median(operations: operations) { _ in
            blackHole(try? sortedEncoder.encode(request))
        }
        report.record("json", "TurnRequest encode, sorted keys (request hash)", hashEncode, "ns", note: "JSONEncoder")
        let handHash = Stopwatch.median(operations: operations) { _ in
            blackHole(CanonicalRequest.writtenByHand(request))
        }
        report.record("json", "TurnRequest canonical form by hand (request hash)", handHash, "ns",
                      note: "the same bytes, what a turn uses without numbers")

        let sessionEncode = Stopwatch.median(operations: operations) { _ in
            blackHole(try? JSONEncoder().encode(session))
        }
        report.record("json", "SessionRecord encode (Redis cache)", sessionEncode, "ns", note: "\(sessionData.count) bytes")
        let sessionDecode = Stopwatch.median(operations: operations) { _ in
            blackHole(try? JSONDecoder().decode(SessionRecord.self, from: sessionData))
        }
        report.record("json", "SessionRecord decode (Redis cache)", sessionDecode, "ns")
    }
}
