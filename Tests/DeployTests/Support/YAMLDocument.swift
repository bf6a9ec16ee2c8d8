import Foundation
import JiriTestSupport
import Testing
import Yams

/// Reads the repository's deployment YAML as plain dictionaries and lists, and
/// walks it by key path so a failed lookup names the path that was missing.
struct YAMLNode: CustomStringConvertible {
    let value: Any?
    let path: String

    init(_ value: Any?, path: String) {
        self.value = value
        self.path = path
    }

    /// Every document of a (possibly multi-document) file under the repository root.
    static func documents(_ relativePath: String) throws -> [YAMLNode] {
        let url = TestEnvironment.repositoryRoot.appendingPathComponent(relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        return try Yams.load_all(yaml: text).compactMap { $0 }.map { YAMLNode($0, path: relativePath) }
    }

    subscript(key: String) -> YAMLNode {
        YAMLNode((value as? [String: Any])?[key], path: "\(path).\(key)")
    }

    subscript(index: Int) -> YAMLNode {
        let list = value as? [Any] ?? []
        return YAMLNode(list.indices.contains(index) ? list[index] : nil, path: "\(path)[\(index)]")
    }

    var string: String? { value.map { "\($0)" } }
    var int: Int? { value as? Int }
    var bool: Bool? { value as? Bool }
    var list: [YAMLNode] { (value as? [Any] ?? []).enumerated().map { YAMLNode($1, path: "\(path)[\($0)]") } }
    var keys: Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }
    var exists: Bool { value != nil && !(value is NSNull) }

    var description: String { "\(path) = \(value.map { "\($0)" } ?? "nil")" }
}
