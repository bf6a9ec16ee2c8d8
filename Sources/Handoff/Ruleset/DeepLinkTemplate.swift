/// A named deep-link template from the rules file, e.g.
/// `jiri://continue?session_id={session_id}&intent={intent.id}`.
///
/// Placeholders are `{session_id}`, filled when the reply is built (the decision does not know
/// the session), and fact names, filled when the decision is made. Every value is
/// percent-encoded, so a value can never inject another parameter or placeholder.
public struct DeepLinkTemplate: Sendable, Hashable {
    public static let sessionIDPlaceholder = "{session_id}"
    public static let defaultName = "default"
    public static let defaultTemplate = "jiri://continue?session_id={session_id}"

    public let name: String
    public let template: String
    public let line: Int

    private enum Segment: Sendable, Hashable {
        case literal(String)
        case sessionID
        case fact(HandoffFact)
    }

    private let segments: [Segment]
    private let hasFactPlaceholders: Bool

    /// Whether the template carries the session, without which the app cannot resume it.
    public var containsSessionID: Bool { segments.contains(.sessionID) }

    /// Parses `template`; the error message names the first bad placeholder.
    init(name: String, template: String, line: Int) throws(DeepLinkTemplateError) {
        var segments: [Segment] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex {
                segments.append(.literal(String(rest[..<open])))
            }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw DeepLinkTemplateError(message: "an unclosed '{'")
            }
            let placeholder = String(rest[rest.index(after: open)..<close])
            if placeholder == "session_id" {
                segments.append(.sessionID)
            } else if let fact = HandoffFact(name: placeholder) {
                segments.append(.fact(fact))
            } else {
                throw DeepLinkTemplateError(
                    message: "an unknown placeholder '{\(placeholder)}' (use {session_id} or a fact name)"
                )
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty {
            segments.append(.literal(String(rest)))
        }
        self.name = name
        self.template = template
        self.line = line
        self.segments = segments
        hasFactPlaceholders = segments.contains { if case .fact = $0 { true } else { false } }
    }

    /// The template with fact placeholders filled from `facts` (absent facts are empty) and
    /// `{session_id}` left in place.
    func resolvingFacts(_ facts: HandoffFacts) -> String {
        guard hasFactPlaceholders else { return template }
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let text): result += text
            case .sessionID: result += Self.sessionIDPlaceholder
            case .fact(let fact):
                let value = fact.value(in: facts)
                if value != .null {
                    result += PercentEncoding.encode(value.description)
                }
            }
        }
        return result
    }
}

struct DeepLinkTemplateError: Error {
    let message: String
}

/// Percent-encoding of everything outside RFC 3986's unreserved characters, safe in any
/// position of a URL.
enum PercentEncoding {
    static func encode(_ value: String) -> String {
        if value.utf8.allSatisfy(isUnreserved) {
            return value
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
