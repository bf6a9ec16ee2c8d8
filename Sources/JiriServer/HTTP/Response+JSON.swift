import Foundation
import Hummingbird
import NIOCore

extension Response {
    /// A 200 JSON response of an encodable value.
    static func json(_ value: some Encodable) throws -> Response {
        let data = try JSONEncoder().encode(value)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A 200 JSON response of a body already encoded.
    static func json(body: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
