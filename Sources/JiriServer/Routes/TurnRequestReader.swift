import JiriAPI

/// Reads the usual `POST /turn` body by hand: strings, booleans, `null`s and
/// members it does not know, each known member once; a `meta` without
/// `location` or `device_context` (numbers). `JSONDecoder` costs about ten
/// times as much for the same body.
///
/// Anything else, every malformed or mistyped body included, gives nil, and the
/// caller decodes with `JSONDecoder`, whose errors the API reports. So the reader
/// never decides an error, and where it does decide, tests hold it to
/// `JSONDecoder`'s result.
package enum TurnRequestReader {
    typealias Reader = JSONByteReader<JSONSyntaxError>

    package static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> TurnRequest? {
        var reader = Reader(bytes: bytes, rejectingLoneSurrogates: true)
        return try? readRequest(&reader)
    }

    private static func readRequest(_ reader: inout Reader) throws(JSONSyntaxError) -> TurnRequest {
        reader.skipWhitespace()
        var members = Members<RequestMember>()
        var sessionID: String?, userText: String?, userID: String?, client: String?, turnID: String?
        var meta: TurnMeta?
        try reader.readObject { reader, key throws(JSONSyntaxError) in
            guard let member = try members.take(key, &reader) else { return try reader.skipValue() }
            switch member {
            case .userText: userText = try readString(&reader)
            case .sessionID: sessionID = try readOptionalString(&reader)
            case .userID: userID = try readOptionalString(&reader)
            case .client: client = try readOptionalString(&reader)
            case .turnID: turnID = try readOptionalString(&reader)
            case .meta: meta = try readOptionalMeta(&reader)
            }
        }
        try reader.expectEnd()
        guard let userText else { throw reader.error("no user_text") }
        return TurnRequest(
            sessionID: sessionID, userText: userText, userID: userID,
            client: client ?? TurnRequest.defaultClient, meta: meta ?? TurnMeta(), turnID: turnID
        )
    }

    private static func readOptionalMeta(_ reader: inout Reader) throws(JSONSyntaxError) -> TurnMeta? {
        if try reader.consumeNull() { return nil }
        var members = Members<MetaMember>()
        var meta = TurnMeta()
        try reader.readObject { reader, key throws(JSONSyntaxError) in
            guard let member = try members.take(key, &reader) else { return try reader.skipValue() }
            switch member {
            case .timezone: meta.timezone = try readOptionalString(&reader) ?? TurnMeta.defaultTimezone
            case .device: meta.device = try readOptionalString(&reader) ?? TurnMeta.defaultDevice
            case .voice: meta.voice = try readOptionalBool(&reader) ?? true
            case .appVersion: meta.appVersion = try readOptionalString(&reader)
            case .surface: meta.surface = try readOptionalString(&reader)
            case .locked: meta.locked = try readOptionalBool(&reader)
            case .canContinueInForeground: meta.canContinueInForeground = try readOptionalBool(&reader)
            case .location, .deviceContext:
                // Numbers: left to JSONDecoder, unless absent.
                guard try reader.consumeNull() else { throw reader.error("numbers") }
            }
        }
        return meta
    }

    /// Known members, numbered from 0.
    private protocol Member: RawRepresentable<Int> {
        var name: StaticString { get }
    }

    private enum RequestMember: Int, Member {
        case userText, sessionID, userID, client, turnID, meta

        var name: StaticString {
            switch self {
            case .userText: "user_text"
            case .sessionID: "session_id"
            case .userID: "user_id"
            case .client: "client"
            case .turnID: "turn_id"
            case .meta: "meta"
            }
        }
    }

    private enum MetaMember: Int, Member {
        case timezone, device, voice, appVersion, surface, locked, canContinueInForeground, location, deviceContext

        var name: StaticString {
            switch self {
            case .timezone: "timezone"
            case .device: "device"
            case .voice: "voice"
            case .appVersion: "app_version"
            case .surface: "surface"
            case .locked: "locked"
            case .canContinueInForeground: "can_continue_in_foreground"
            case .location: "location"
            case .deviceContext: "device_context"
            }
        }
    }

    /// The known members of one object: which one a key names, each taken once; a
    /// repeated one is left to `JSONDecoder`.
    private struct Members<Known: Member> {
        private var seen: UInt16 = 0

        mutating func take(_ key: UnsafeBufferPointer<UInt8>, _ reader: inout Reader) throws(JSONSyntaxError) -> Known? {
            var candidate = Known(rawValue: 0)
            while let known = candidate, !(known.name ~= key) {
                candidate = Known(rawValue: known.rawValue + 1)
            }
            guard let member = candidate else { return nil }
            guard seen & (1 << member.rawValue) == 0 else { throw reader.error("repeated member") }
            seen |= 1 << member.rawValue
            return member
        }
    }

    private static func readString(_ reader: inout Reader) throws(JSONSyntaxError) -> String {
        guard reader.peek() == UInt8(ascii: "\"") else { throw reader.error("not a string") }
        return try reader.readString()
    }

    private static func readOptionalString(_ reader: inout Reader) throws(JSONSyntaxError) -> String? {
        try reader.consumeNull() ? nil : try readString(&reader)
    }

    private static func readOptionalBool(_ reader: inout Reader) throws(JSONSyntaxError) -> Bool? {
        try reader.consumeNull() ? nil : try reader.readBool()
    }
}
