import Foundation
import Synchronization

/// The figures of one JiriBench run: printed one per line as they are measured,
/// and written as JSON for the `make bench` summary.
final class Report: Sendable {
    struct Figure: Encodable, Sendable {
        var suite: String
        var name: String
        var value: Double
        var unit: String
        var note: String?
    }

    private let figures = Mutex<[Figure]>([])

    func record(_ suite: String, _ name: String, _ value: Double, _ unit: String, note: String? = nil) {
        figures.withLock { $0.append(Figure(suite: suite, name: name, value: value, unit: unit, note: note)) }
        let shown = value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
        let suffix = note.map { "  (\($0))" } ?? ""
        // Unbuffered, so the figures show as they come when piped through tee.
        let line = "\(suite.padding(toLength: 10, withPad: " ", startingAt: 0)) \(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(shown) \(unit)\(suffix)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// Records a per-operation time as operations per second and as its time.
    func recordRate(_ suite: String, _ name: String, nanosecondsPerOperation ns: Double, unit: String, note: String? = nil) {
        record(suite, "\(name) rate", 1e9 / ns, "\(unit)/s", note: note)
        record(suite, "\(name) time", ns, "ns/\(unit)")
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(figures.withLock { $0 }).write(to: URL(fileURLWithPath: path))
    }
}
