import Conversation
import Foundation
import HTTPTypes
import Hummingbird
import JiriAPI
import NIOCore

/// `POST /turn`: validates the body exactly as far as the wire contract
/// requires, then hands the turn to `TurnService`.
struct TurnController {
    let service: TurnService
    let rateLimiter: RateLimiter
    let maxBodyBytes: Int
    let maxUserTextCharacters: Int
    let metrics = TurnMetrics()

    static let idempotencyHeader = HTTPField.Name("Idempotency-Key")!

    func addRoutes(to group: RouterGroup<JiriRequestContext>) {
        group.post("turn", use: turn)
        group.rejectingOtherMethods(on: "turn", allowing: [.post])
    }

    @Sendable func turn(_ request: Request, context: JiriRequestContext) async throws -> Response {
        let principal = context.principal ?? .anonymous
        if let wait = rateLimiter.check(principal.id) {
            throw APIError(.tooManyRequests, code: "rate_limited", message: "Too many requests; slow down.", headers: [.retryAfter: String(wait)])
        }
        try Self.checkContentType(request)
        let body = try await Self.collect(request, limit: maxBodyBytes)
        var turn = try decode(body)
        let key = try idempotencyKey(request, body: turn)
        turn.userText = Self.trimmingWhiteSpace(turn.userText)
        try validate(turn)

        let started = ContinuousClock.now
        do {
            let reply = try await service.handle(.init(request: turn, principal: principal, idempotencyKey: key, traceID: context.traceID))
            metrics.record(reply.outcome, elapsed: ContinuousClock.now - started)
            return Response.json(body: reply.body)
        } catch let error as TurnError {
            metrics.recordFailure(error, elapsed: ContinuousClock.now - started)
            throw Self.apiError(error)
        }
    }

    private func decode(_ body: ByteBuffer) throws -> TurnRequest {
        let bytes = body.readableBytesView
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw APIError.badRequest("invalid_utf8", "The body is not valid UTF-8.")
        }
        if let request = bytes.withContiguousStorageIfAvailable(TurnRequestReader.read) ?? nil {
            return request
        }
        do {
            return try JSONDecoder().decode(TurnRequest.self, from: Data(bytes))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw APIError.badRequest("malformed_json", "The body is not valid JSON.")
        } catch DecodingError.keyNotFound(let key, _) {
            throw APIError.unprocessable("missing_field", "'\(key.stringValue)' is required.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.unprocessable("invalid_field", path.isEmpty ? "The body must be a JSON object." : "'\(path)' has the wrong type.")
        } catch {
            throw APIError.unprocessable("invalid_body", "The body is not a valid turn.")
        }
    }

    /// `turn_id` wins over the `Idempotency-Key` header; an empty value means none,
    /// and each value sent must be well formed even when the other one wins.
    private func idempotencyKey(_ request: Request, body: TurnRequest) throws -> String? {
        let keys = [body.turnID, request.headers[Self.idempotencyHeader]].compactMap { $0 }.filter { !$0.isEmpty }
        for key in keys where key.utf8.count > 128 || !key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            throw APIError.badRequest("invalid_turn_id", "turn_id / Idempotency-Key must be 1–128 visible ASCII characters.")
        }
        return keys.first
    }

    private func validate(_ turn: TurnRequest) throws {
        if let id = turn.sessionID, !id.isEmpty, !SessionIdentifier.isValid(id) {
            throw APIError.badRequest("invalid_session_id", "session_id must be a UUID or 1–64 of A–Z, a–z, 0–9, '-' and '_'.")
        }
        guard !turn.userText.isEmpty else {
            throw APIError.unprocessable("empty_user_text", "user_text must not be empty.")
        }
        // Lengths count Unicode scalars, as JSON Schema's maxLength does (the OpenAPI document states them).
        guard turn.userText.unicodeScalars.count <= maxUserTextCharacters else {
            throw APIError.unprocessable("user_text_too_long", "user_text is limited to \(maxUserTextCharacters) characters.")
        }
        for (name, value) in [("client", turn.client), ("meta.timezone", turn.meta.timezone), ("meta.device", turn.meta.device), ("user_id", turn.userID ?? "")]
        where value.unicodeScalars.count > 256 {
            throw APIError.unprocessable("field_too_long", "\(name) is limited to 256 characters.")
        }
        // Postgres text cannot hold U+0000, so a NUL would fail the turn's commit.
        let texts = [("user_text", turn.userText), ("user_id", turn.userID), ("client", turn.client), ("meta.device", turn.meta.device),
                     ("meta.app_version", turn.meta.appVersion), ("meta.surface", turn.meta.surface)]
        for case (let name, let value?) in texts where value.unicodeScalars.contains("\0") {
            throw APIError.unprocessable("invalid_text", "\(name) must not contain NUL characters.")
        }
        if TimeZone(identifier: turn.meta.timezone) == nil {
            throw APIError.unprocessable("invalid_timezone", "meta.timezone must be an IANA time zone such as America/New_York.")
        }
    }

    /// Drops leading and trailing Unicode White_Space scalars. Foundation's
    /// `trimmingCharacters(in:)` also drops U+200B and keeps a space followed by
    /// a combining mark at the end, which no schema pattern can state.
    static func trimmingWhiteSpace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    static func checkContentType(_ request: Request) throws {
        guard let type = request.headers[.contentType] else { return }
        guard isJSONMediaType(type) else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as application/json.")
        }
    }

    /// `application/json` or `…+json`, in any case, with parameters (`; charset=utf-8`) and
    /// surrounding spaces ignored. Bytes, not Foundation's character sets: this runs every turn.
    static func isJSONMediaType(_ value: String) -> Bool {
        // What clients send, settled without the trimming and lower-casing below.
        if value == "application/json" { return true }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let mediaType = value.utf8.prefix { $0 != UInt8(ascii: ";") }
        let trimmed = mediaType.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        let lowered = String(decoding: trimmed, as: UTF8.self).lowercased()
        return lowered == "application/json" || lowered.hasSuffix("+json")
    }

    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, code: "payload_too_large", message: "The body is limited to \(limit) bytes.")
        }
    }

    static func apiError(_ error: TurnError) -> APIError {
        switch error.kind {
        case .sessionBusy: APIError(.conflict, code: "session_busy", message: error.message, headers: [.retryAfter: "1"])
        case .sessionNotFound: APIError(.notFound, code: "session_not_found", message: error.message)
        case .idempotencyConflict: APIError(.unprocessableContent, code: "idempotency_key_reused", message: error.message)
        case .invalidRequest: APIError(.unprocessableContent, code: "invalid_request", message: error.message)
        case .storeUnavailable: APIError.unavailable(error.message, retryAfter: 2)
        }
    }
}
