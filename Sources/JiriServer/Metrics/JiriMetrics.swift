import Metrics
import Prometheus

/// The process-wide Prometheus registry behind swift-metrics. Bootstrapped
/// once per process (swift-metrics allows one bootstrap), however many
/// applications a test builds.
public enum JiriMetrics {
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        ]
        MetricsSystem.bootstrap(factory)
        return registry
    }()
}
