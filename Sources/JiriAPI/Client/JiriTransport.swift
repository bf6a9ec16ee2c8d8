import Foundation

/// How a ``JiriClient`` reaches the server: one HTTP exchange.
///
/// JiriAPI does no networking of its own, so each process picks its HTTP stack: apps
/// use `URLSessionTransport` (module `JiriURLSession`), and `jiri chat` uses
/// AsyncHTTPClient, which the server already carries. A process that only serves
/// then never loads FoundationNetworking, libcurl and the HTTP/2, SSH and codec
/// libraries curl pulls in (about 1.2 MB resident in a dynamically linked server),
/// and its statically linked build needs no libcurl at all.
public protocol JiriTransport: Sendable {
    /// Sends the request and returns the whole response. Throws when no HTTP
    /// answer arrived (refused, timed out, ...); a ``JiriClientError`` thrown here
    /// reaches the caller as it is, anything else as ``JiriClientError/transport(_:)``.
    func send(_ request: JiriHTTPRequest) async throws -> JiriHTTPResponse
}

public struct JiriHTTPRequest: Sendable {
    public var method: String
    public var url: URL
    /// Header names as sent; one value per name.
    public var headers: [String: String]
    public var body: Data?
    /// The longest the whole exchange may take.
    public var timeout: Duration

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Duration) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

public struct JiriHTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
