import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Calls one app's REST backend on behalf of its connector: base URL, bearer
/// token, snake_case JSON with ISO-8601 dates, and a time budget per tool
/// execution that fits a voice turn. Every way a call can go wrong ends as a
/// ``ConnectorFailure`` whose code names the app's spoken error.
public struct HTTPConnectorClient: Sendable {
    public struct Configuration: Sendable {
        /// Where the API lives, e.g. `http://nagz.internal/api/v1`; request paths are appended to it.
        public var baseURL: String
        /// Sent as `Authorization: Bearer <token>` when set.
        public var token: String?
        /// What one tool execution may spend on this backend, all its requests together.
        public var budget: Duration
        /// Larger responses are refused: nothing a voice reply needs comes near it.
        public var maxResponseBytes: Int

        public static let defaultBudget: Duration = .seconds(3)

        public init(baseURL: String, token: String? = nil, budget: Duration = defaultBudget, maxResponseBytes: Int = 1 << 20) {
            self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
            self.token = token
            self.budget = budget
            self.maxResponseBytes = maxResponseBytes
        }
    }

    public let configuration: Configuration
    private let httpClient: HTTPClient
    private let logger: Logger

    public init(configuration: Configuration, httpClient: HTTPClient, logger: Logger = Logger(label: "jiri.connector")) {
        self.configuration = configuration
        self.httpClient = httpClient
        self.logger = logger
    }

    /// Starts the budget of one tool execution; pass the call to every request it makes.
    public func startCall(_ name: String) -> ConnectorCall {
        ConnectorCall(budget: configuration.budget, firstStep: name)
    }

    /// `GET <baseURL><path>?<query>`, decoding the JSON answer.
    public func get<Response: Decodable>(
        _ path: String,
        query: [(name: String, value: String)] = [],
        as type: Response.Type = Response.self,
        in call: ConnectorCall
    ) async throws(ConnectorFailure) -> Response {
        try await perform(.GET, path: path, query: query, body: nil, idempotencyKey: nil, in: call)
    }

    /// A request with a JSON body. `idempotencyKey` goes out as the
    /// `Idempotency-Key` header, so a retried turn is not acted on twice.
    public func send<Body: Encodable, Response: Decodable>(
        _ method: HTTPMethod,
        _ path: String,
        body: Body,
        idempotencyKey: String? = nil,
        as type: Response.Type = Response.self,
        in call: ConnectorCall
    ) async throws(ConnectorFailure) -> Response {
        let encoded: Data
        do {
            encoded = try ConnectorJSON.encoder().encode(body)
        } catch {
            throw ConnectorFailure(.rejected, detail: "\(method.rawValue) \(path): could not encode \(Body.self)")
        }
        return try await perform(method, path: path, query: [], body: ByteBuffer(bytes: encoded), idempotencyKey: idempotencyKey, in: call)
    }

    /// One path segment, percent-encoded: ids come from the backend and are not trusted to be URL-safe.
    public static func pathSegment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private func perform<Response: Decodable>(
        _ method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)],
        body: ByteBuffer?,
        idempotencyKey: String?,
        in call: ConnectorCall
    ) async throws(ConnectorFailure) -> Response {
        let step = "\(method.rawValue) \(path)"
        var request = HTTPClientRequest(url: url(path, query: query))
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let token = configuration.token, !token.isEmpty {
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        if let idempotencyKey {
            request.headers.add(name: "Idempotency-Key", value: idempotencyKey)
        }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }

        let started = ContinuousClock.now
        let status: HTTPResponseStatus
        let bytes: ByteBuffer
        do {
            (status, bytes) = try await exchange(request, in: call)
        } catch {
            let failure = Self.transportFailure(error, step: step, limit: configuration.maxResponseBytes)
            call.record("\(step) → \(failure.code.rawValue) (\(failure.detail))")
            logger.warning("backend call failed", metadata: ["step": "\(step)", "error": "\(failure.detail)"])
            throw failure
        }
        let elapsed = ContinuousClock.now - started
        call.record("\(step) → \(status.code) in \(elapsed.milliseconds) ms")

        if let code = Self.failureCode(for: status) {
            logger.warning("backend refused a call", metadata: ["step": "\(step)", "status": "\(status.code)"])
            throw ConnectorFailure(code, detail: "\(step): HTTP \(status.code)")
        }
        if let nothing = NoContent() as? Response {
            return nothing
        }
        do {
            return try ConnectorJSON.decoder().decode(Response.self, from: Data(bytes.readableBytesView))
        } catch {
            // The body is never logged or traced: it may hold what the user must not hear back.
            let failure = ConnectorFailure(.badResponse, detail: "\(step): not a \(Response.self)\(Self.location(of: error))")
            call.record(failure.detail)
            logger.warning("backend answer not understood", metadata: ["step": "\(step)", "error": "\(failure.detail)"])
            throw failure
        }
    }

    /// Sends the request within what is left of the call's time budget.
    private func exchange(_ request: HTTPClientRequest, in call: ConnectorCall) async throws -> (HTTPResponseStatus, ByteBuffer) {
        let remaining = call.remaining
        guard remaining > .zero else {
            throw ConnectorFailure(.unreachable, detail: "time budget spent before the request")
        }
        let answer = try await httpClient.exchange(request, until: call.deadline, maxBytes: configuration.maxResponseBytes, logger: logger) {
            ConnectorFailure(.unreachable, detail: "timed out after \(remaining.milliseconds) ms")
        }
        return (answer.status, answer.body)
    }

    private func url(_ path: String, query: [(name: String, value: String)]) -> String {
        let base = configuration.baseURL + (path.hasPrefix("/") ? path : "/" + path)
        guard !query.isEmpty else { return base }
        let pairs = query.map { Self.pathSegment($0.name) + "=" + Self.pathSegment($0.value) }
        return base + "?" + pairs.joined(separator: "&")
    }

    /// Non-2xx statuses: 401/403 are about who is asking; 408, 429 and 5xx
    /// mean the backend cannot serve now; any other 4xx is a refusal.
    static func failureCode(for status: HTTPResponseStatus) -> ConnectorFailure.Code? {
        switch status.code {
        case 200..<300: nil
        case 401: .notLoggedIn
        case 403: .notPermitted
        case 404: .notFound
        case 408, 429, 500..<600: .unreachable
        default: .rejected
        }
    }

    private static func transportFailure(_ error: any Error, step: String, limit: Int) -> ConnectorFailure {
        switch error {
        case let failure as ConnectorFailure:
            return failure
        case let error as HTTPClientError where error == .deadlineExceeded || error == .connectTimeout || error == .readTimeout:
            return ConnectorFailure(.unreachable, detail: "\(step): timed out")
        case is NIOTooManyBytesError:
            return ConnectorFailure(.badResponse, detail: "\(step): response over \(limit) bytes")
        case is CancellationError:
            return ConnectorFailure(.unreachable, detail: "\(step): cancelled")
        default:
            return ConnectorFailure(.unreachable, detail: "\(step): \(error)")
        }
    }

    private static func location(of error: any Error) -> String {
        let path: [any CodingKey]
        switch error {
        case DecodingError.keyNotFound(let key, let context): path = context.codingPath + [key]
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            path = context.codingPath
        default: return ""
        }
        guard !path.isEmpty else { return "" }
        return " at " + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

extension Duration {
    /// Whole milliseconds, for traces and logs.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
