import Glibc
import Logging
import Synchronization

/// The server's log lines, in `StreamLogHandler`'s format: local time, level,
/// label, the metadata sorted by key, `[source]`, message.
///
/// Written for less: `StreamLogHandler` renders all of a logger's metadata again
/// whenever one value is set (every request sets its trace id) and once more for
/// each line; this handler renders once per line, and the timestamp once per second.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String, Logger.Level) -> Void

    /// A handler writing to standard error through ``BatchedLineWriter``: lines below
    /// `warning` leave in the next batch, a warning or worse at once.
    public static func standardError(label: String) -> LineLogHandler {
        LineLogHandler(label: label, metadataProvider: LoggingSystem.metadataProvider) { line, level in
            BatchedLineWriter.standardError.append(line, urgent: level >= .warning)
        }
    }

    /// A handler passing each line, newline included, to `write`.
    public init(
        label: String,
        metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.init(label: label, metadataProvider: metadataProvider) { line, _ in write(line) }
    }

    private init(
        label: String,
        metadataProvider: Logger.MetadataProvider?,
        write: @escaping @Sendable (String, Logger.Level) -> Void
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, explicit in explicit }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line = LogTimestamp.now()
        line += " \(event.level)"
        if !label.isEmpty { line += " " + label }
        line += ":"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        line += " [\(event.source)] \(event.message)\n"
        write(line, event.level)
    }
}

/// `2026-11-23T21:58:50+0000`: local time, as `StreamLogHandler` writes it,
/// formatted once per second.
enum LogTimestamp {
    private static let cache = Mutex<(second: time_t, text: String)>((-1, ""))

    static func now() -> String {
        let second = time(nil)
        if let text = cache.withLock({ $0.second == second ? $0.text : nil }) {
            return text
        }
        let text = format(second)
        cache.withLock { $0 = (second, text) }
        return text
    }

    static func format(_ second: time_t) -> String {
        var second = second
        var local = tm()
        guard localtime_r(&second, &local) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
