import Foundation

/// A small async client for the Jiri HTTP API, for apps (an App Intent, a
/// watch app) and tools (`jiri chat`) that would otherwise hand-parse JSON.
/// The HTTP exchange itself is a ``JiriTransport``: `JiriURLSession` gives apps
/// `JiriClient(baseURL:token:timeout:session:)` over `URLSession`.
public final class JiriClient: Sendable {
    /// Where the server is, e.g. `https://jiri.example.com` or a path prefix behind a gateway.
    public let baseURL: URL
    /// Sent as `Authorization: Bearer <token>`; `nil` for anonymous access.
    public let token: String?
    /// Per-request timeout.
    public let timeout: Duration
    private let transport: any JiriTransport

    public init(baseURL: URL, token: String? = nil, timeout: Duration = .seconds(30), transport: any JiriTransport) {
        self.baseURL = baseURL
        self.token = token
        self.timeout = timeout
        self.transport = transport
    }

    /// `POST /turn`: one utterance in, the reply to speak out.
    /// - Parameter traceID: sent as `X-Trace-ID`, which the server logs and echoes.
    public func turn(_ request: TurnRequest, traceID: String? = nil) async throws(JiriClientError) -> TurnResponse {
        let body: Data
        do {
            body = try JSONEncoder().encode(request)
        } catch {
            throw .transport("could not encode the turn: \(error)")
        }
        var request = makeRequest(url: baseURL.appendingPathComponent("turn"), method: "POST", traceID: traceID)
        request.headers["Content-Type"] = "application/json"
        request.body = body
        return try await send(request)
    }

    /// `GET /session/{id}/history`: one page, oldest first. Pass a page's
    /// `nextBefore` as `before` to read the page before it.
    public func history(sessionID: String, limit: Int? = nil, before: String? = nil) async throws(JiriClientError) -> SessionHistory {
        let url = baseURL.appendingPathComponent("session").appendingPathComponent(sessionID).appendingPathComponent("history")
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let before { query.append(URLQueryItem(name: "before", value: before)) }
        if !query.isEmpty { components?.queryItems = query }
        guard let pageURL = components?.url else {
            throw .transport("cannot build a history URL for session '\(sessionID)'")
        }
        return try await send(makeRequest(url: pageURL, method: "GET", traceID: nil))
    }

    /// The whole transcript, oldest first, read page by page (newest page first).
    public func fullHistory(sessionID: String, pageSize: Int = 500) async throws(JiriClientError) -> [SessionHistory.Message] {
        var pages: [[SessionHistory.Message]] = []
        var before: String?
        repeat {
            let page = try await history(sessionID: sessionID, limit: pageSize, before: before)
            pages.append(page.messages)
            before = page.hasMore ? page.nextBefore : nil
        } while before != nil
        return pages.reversed().flatMap { $0 }
    }

    private func makeRequest(url: URL, method: String, traceID: String?) -> JiriHTTPRequest {
        var request = JiriHTTPRequest(method: method, url: url, headers: ["Accept": "application/json"], timeout: timeout)
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if let traceID { request.headers["X-Trace-ID"] = traceID }
        return request
    }

    private func send<Value: Decodable>(_ request: JiriHTTPRequest) async throws(JiriClientError) -> Value {
        let response: JiriHTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as JiriClientError {
            throw error
        } catch {
            throw .transport("\(error)")
        }
        guard response.status == 200 else {
            throw Self.error(status: response.status, data: response.body, retryAfter: response.header("Retry-After"))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            throw .unexpectedResponse(status: response.status, body: Self.excerpt(response.body))
        }
    }

    static func error(status: Int, data: Data, retryAfter: String?) -> JiriClientError {
        guard let body = try? JSONDecoder().decode(APIErrorBody.self, from: data) else {
            return .unexpectedResponse(status: status, body: excerpt(data))
        }
        let seconds = retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return .api(status: status, code: body.error.code, message: body.error.message, retryAfter: seconds)
    }

    private static func excerpt(_ data: Data) -> String {
        String(decoding: data.prefix(512), as: UTF8.self)
    }
}
