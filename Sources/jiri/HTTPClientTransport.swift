import AsyncHTTPClient
import Foundation
import JiriAPI
import NIOCore
import NIOHTTP1

/// ``JiriTransport`` over AsyncHTTPClient, which the server carries already, so the
/// `jiri` binary links no `URLSession` (and no libcurl).
struct HTTPClientTransport: JiriTransport {
    var client: HTTPClient = .shared
    /// The largest response body read (a history page of 500 long messages fits).
    var maxBodyBytes = 16 << 20

    func send(_ request: JiriHTTPRequest) async throws -> JiriHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let deadline = NIODeadline.now() + TimeAmount(request.timeout)
        let response = try await client.execute(outgoing, deadline: deadline)
        let body = try await response.body.collect(upTo: maxBodyBytes)
        var headers: [String: String] = [:]
        for header in response.headers {
            headers[header.name] = header.value
        }
        return JiriHTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }
}
