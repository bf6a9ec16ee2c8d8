import AsyncHTTPClient
import NIOCore

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
