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
        var line = LogTimestamp.now()
        line.reserveCapacity(256)
        line += " "
        line += event.level.rawValue
        if !label.isEmpty {
            line += " "
            line += label
        }
        line += ":"
        for (key, value) in sortedMetadata(of: event) {
            line += " "
            line += key
            line += "="
            line += value.description
        }
        line += " ["
        line += event.source
        line += "] "
        line += event.message.description
        line += "\n"
        write(line, event.level)
    }

    /// The handler's metadata, the provider's over it, the line's own over both, sorted by
    /// key: one array, without copying the handler's dictionary to merge into it.
    private func sortedMetadata(of event: LogEvent) -> [(key: String, value: Logger.Metadata.Value)] {
        var overrides = event.metadata ?? [:]
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            overrides.merge(provided) { explicit, _ in explicit }
        }
        if let error = event.error {
            overrides["error.message"] = "\(error)"
            overrides["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var pairs: [(key: String, value: Logger.Metadata.Value)] = []
        pairs.reserveCapacity(metadata.count + overrides.count)
        for (key, value) in metadata where overrides[key] == nil {
            pairs.append((key, value))
        }
        for (key, value) in overrides {
            pairs.append((key, value))
        }
        pairs.sort { $0.key < $1.key }
        return pairs
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
