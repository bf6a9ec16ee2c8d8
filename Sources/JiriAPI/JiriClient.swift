import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small async client for the Jiri HTTP API, for apps (an App Intent, a
/// watch app) and tools (`jiri chat`) that would otherwise hand-parse JSON.
/// Uses `URLSession`, so it runs on Apple platforms and on Linux alike.
public final class JiriClient: Sendable {
    /// Where the server is, e.g. `https://jiri.example.com` or a path prefix behind a gateway.
    public let baseURL: URL
    /// Sent as `Authorization: Bearer <token>`; `nil` for anonymous access.
    public let token: String?
    /// Per-request timeout.
    public let timeout: Duration
    private let session: URLSession

    public init(baseURL: URL, token: String? = nil, timeout: Duration = .seconds(30), session: URLSession = .shared) {
        self.baseURL = baseURL
        self.token = token
        self.timeout = timeout
        self.session = session
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
        var urlRequest = makeRequest(url: baseURL.appendingPathComponent("turn"), method: "POST", traceID: traceID)
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.httpBody = body
        return try await send(urlRequest)
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

    private func makeRequest(url: URL, method: String, traceID: String?) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let traceID { request.setValue(traceID, forHTTPHeaderField: "X-Trace-ID") }
        return request
    }

    private func send<Value: Decodable>(_ request: URLRequest) async throws(JiriClientError) -> Value {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .transport(Self.describe(error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw .transport("not an HTTP response")
        }
        guard http.statusCode == 200 else {
            throw Self.error(status: http.statusCode, data: data, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .unexpectedResponse(status: http.statusCode, body: Self.excerpt(data))
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

    private static func describe(_ error: any Error) -> String {
        if let error = error as? URLError {
            return "\(error.code.rawValue) \(error.localizedDescription)"
        }
        return "\(error)"
    }
}
