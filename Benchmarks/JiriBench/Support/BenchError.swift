/// A benchmark that cannot go on (its fixture vanished, say), with the reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
