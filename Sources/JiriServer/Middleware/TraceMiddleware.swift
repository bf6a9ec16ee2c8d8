import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Storage

/// Honours and echoes `X-Trace-ID` as the original Jiri does (or makes one),
/// puts it on every log line of the request, and logs one access line.
struct TraceMiddleware: RouterMiddleware {
    typealias Context = JiriRequestContext

    static let header = HTTPField.Name("X-Trace-ID")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let incoming = request.headers[Self.header].flatMap { $0.count <= 128 && !$0.isEmpty ? $0 : nil }
        let traceID = incoming ?? UUID.random().lowercasedString
        context.traceID = traceID
        context.logger[metadataKey: "trace_id"] = .string(traceID)
        let start = ContinuousClock.now
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = traceID
            log(request, status: response.status, start: start, logger: context.logger)
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[Self.header] = traceID
            log(request, status: response.status, start: start, logger: context.logger)
            return response
        }
    }

    private func log(_ request: Request, status: HTTPResponse.Status, start: ContinuousClock.Instant, logger: Logger) {
        logger.info("\(request.method) \(request.uri.path) \(status.code)", metadata: ["ms": .string(Self.milliseconds(ContinuousClock.now - start))])
    }

    /// `12.34`: milliseconds with two decimals, without `String(format:)`, which
    /// cost more than the rest of the access line.
    static func milliseconds(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let hundredths = seconds * 100_000 + attoseconds / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
