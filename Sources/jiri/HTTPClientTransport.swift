import AsyncHTTPClient
import Conversation
import Foundation
import JiriAPI
import Logging
import NIOCore
import NIOHTTP1

/// ``JiriTransport`` over AsyncHTTPClient, which the server carries already, so the
/// `jiri` binary links no `URLSession` (and no libcurl). The connectors' bounded
/// exchange keeps the whole exchange, body included, within the request's timeout.
struct HTTPClientTransport: JiriTransport {
    var client: HTTPClient = .shared
    /// The largest response body read (a history page of 500 long messages fits).
    var maxBodyBytes = 16 << 20
    var logger = Logger(label: "jiri.chat")

    func send(_ request: JiriHTTPRequest) async throws -> JiriHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let timeout = request.timeout
        let answer = try await client.exchange(outgoing, until: .now + timeout, maxBytes: maxBodyBytes, logger: logger) {
            JiriClientError.transport("no answer within \(timeout)")
        }
        var headers: [String: String] = [:]
        for header in answer.headers {
            headers[header.name] = header.value
        }
        return JiriHTTPResponse(status: Int(answer.status.code), headers: headers, body: Data(answer.body.readableBytesView))
    }
}
