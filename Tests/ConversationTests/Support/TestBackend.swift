import Foundation
import Hummingbird
import Logging
import Synchronization

/// One request as the fake backend received it.
struct ReceivedRequest: Sendable {
    var method: String
    var path: String
    var query: [String: String]
    /// Header values by lower-cased name.
    var headers: [String: String]
    var body: Data

    /// The body as a JSON object, for assertions on the exact wire keys.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

/// Everything a fake backend received, in order.
final class RequestLog: Sendable {
    private let requests = Mutex<[ReceivedRequest]>([])

    func append(_ request: ReceivedRequest) {
        requests.withLock { $0.append(request) }
    }

    var all: [ReceivedRequest] { requests.withLock { $0 } }

    func matching(_ method: String, _ path: String) -> [ReceivedRequest] {
        all.filter { $0.method == method && $0.path == path }
    }
}

/// Records every request before the routes see it.
struct RecordingMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: RequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = field.value
        }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            query[String(name)] = String(value)
        }
        log.append(ReceivedRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers,
            body: Data(body.readableBytesView)
        ))
        return try await next(request, context)
    }
}

/// A real HTTP server on a free loopback port, for as long as `body` runs.
struct TestBackend: Sendable {
    let port: Int
    let log: RequestLog

    func baseURL(_ prefix: String = "") -> String { "http://127.0.0.1:\(port)\(prefix)" }

    static func run<Value: Sendable>(
        routes: (Router<BasicRequestContext>) -> Void,
        _ body: @Sendable (TestBackend) async throws -> Value
    ) async throws -> Value {
        let log = RequestLog()
        let router = Router()
        router.add(middleware: RecordingMiddleware(log: log))
        routes(router)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "test-backend")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
                return nil
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), port != 0 else {
                throw TestBackendError(message: "the test server did not start")
            }
            return try await body(TestBackend(port: port, log: log))
        }
    }
}

struct TestBackendError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A JSON response from a literal, so the fake's wire format does not depend
/// on the encoder under test.
func jsonResponse(_ object: Any, status: HTTPResponse.Status = .ok) throws -> Response {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}

/// What the apps' APIs write for a date-time: ISO-8601 with milliseconds.
func wireDate(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
}

/// Counts calls across a fake's concurrent handlers.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// The count including this call: 1 for the first.
    func next() -> Int {
        value.withLock { $0 += 1; return $0 }
    }
}
