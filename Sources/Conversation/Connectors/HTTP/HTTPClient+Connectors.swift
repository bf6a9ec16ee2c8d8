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

extension HTTPClient {
    /// Sends `request` and collects its body (at most `maxBytes`), racing both
    /// against `deadline`. The client's own deadline covers only the wait for
    /// the head, so the race is what bounds a server that stalls mid-body; at
    /// the deadline the call throws `timedOut()`.
    func exchange(
        _ request: HTTPClientRequest,
        until deadline: ContinuousClock.Instant,
        maxBytes: Int,
        logger: Logger,
        timedOut: @escaping @Sendable () -> any Error
    ) async throws -> (HTTPResponseStatus, ByteBuffer) {
        let remaining = deadline - .now
        return try await withThrowingTaskGroup(of: (HTTPResponseStatus, ByteBuffer).self) { group in
            group.addTask {
                let response = try await self.execute(request, deadline: .now() + TimeAmount(remaining), logger: logger)
                return (response.status, try await response.body.collect(upTo: maxBytes))
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
