import Hummingbird
import Prometheus

/// `GET /metrics` in the Prometheus text format.
struct MetricsController {
    let registry: PrometheusCollectorRegistry
    let refresh: @Sendable () -> Void

    func addRoutes(to router: Router<JiriRequestContext>) {
        router.get("metrics") { _, _ in
            refresh()
            var buffer = [UInt8]()
            buffer.reserveCapacity(16 * 1024)
            registry.emit(into: &buffer)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: buffer))
            )
        }
    }
}
