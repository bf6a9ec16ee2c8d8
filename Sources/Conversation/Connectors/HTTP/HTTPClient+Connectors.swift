import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1

extension HTTPClient.Configuration {
    /// Settings for the client the connectors share. A backend that refuses
    /// connections fails at once rather than being retried until the turn's
    /// budget is gone, and redirects are not followed, so the bearer token
    /// never travels to a host it was not configured for.
    public static var connectors: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(1)
        configuration.redirectConfiguration = .disallow
        return configuration
    }
}

/// A whole HTTP answer: its head and its collected body.
public struct HTTPExchange: Sendable {
    public var status: HTTPResponseStatus
    public var headers: HTTPHeaders
    public var body: ByteBuffer
}

extension HTTPClient {
    /// Sends `request` and collects its body (at most `maxBytes`), racing both
    /// against `deadline`. The client's own deadline covers only the wait for
    /// the head, so the race is what bounds a server that stalls mid-body; at
    /// the deadline the call throws `timedOut()`.
    public func exchange(
        _ request: HTTPClientRequest,
        until deadline: ContinuousClock.Instant,
        maxBytes: Int,
        logger: Logger,
        timedOut: @escaping @Sendable () -> any Error
    ) async throws -> HTTPExchange {
        let remaining = deadline - .now
        return try await withThrowingTaskGroup(of: HTTPExchange.self) { group in
            group.addTask {
                let response = try await self.execute(request, deadline: .now() + TimeAmount(remaining), logger: logger)
                return HTTPExchange(status: response.status, headers: response.headers, body: try await response.body.collect(upTo: maxBytes))
            }
            group.addTask {
                try await _Concurrency.Task.sleep(until: deadline, clock: .continuous)
                throw timedOut()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
