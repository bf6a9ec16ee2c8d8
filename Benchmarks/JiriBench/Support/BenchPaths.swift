import Foundation

/// Where the shipped configuration and the shared evaluation set live, from the
/// package root (the working directory of `make bench`).
struct BenchPaths {
    let root: URL

    var catalogDirectory: URL { root.appendingPathComponent("deploy/config/apps") }
    var rulesFile: URL { root.appendingPathComponent("deploy/config/handoff-rules.yaml") }
    var devSet: URL { root.appendingPathComponent("../shared/eval/dev.jsonl").standardizedFileURL }
    var turnMixFile: URL { root.appendingPathComponent("Benchmarks/wrk/utterances.txt") }

    /// The utterances of `make bench`'s turn mix (the file wrk's script reads).
    func turnMix() throws -> [String] {
        try String(contentsOf: turnMixFile, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.hasPrefix("#") }
            .map(String.init)
    }

    /// The `user_text` of every line of the dev set.
    func devUtterances() throws -> [String] {
        struct Line: Decodable {
            var userText: String
            enum CodingKeys: String, CodingKey { case userText = "user_text" }
        }
        let decoder = JSONDecoder()
        return try String(contentsOf: devSet, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { try decoder.decode(Line.self, from: Data($0.utf8)).userText }
    }
}
