import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JiriAPI

/// ``JiriTransport`` over `URLSession`, for apps on Apple platforms (and Linux tools
/// that already carry Foundation's networking).
public struct URLSessionTransport: JiriTransport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: JiriHTTPRequest) async throws -> JiriHTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        let (seconds, attoseconds) = request.timeout.components
        urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw JiriClientError.transport("\(error.code.rawValue) \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw JiriClientError.transport("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields {
            headers[name] = value
        }
        return JiriHTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}

extension JiriClient {
    /// A client over `URLSession` (`.shared` unless given).
    public convenience init(baseURL: URL, token: String? = nil, timeout: Duration = .seconds(30), session: URLSession = .shared) {
        self.init(baseURL: baseURL, token: token, timeout: timeout, transport: URLSessionTransport(session: session))
    }
}
