import Foundation
import JiriTestSupport
import Testing

/// Every object of every `deploy/k8s/*.yaml` file, looked up by kind and name.
struct KubernetesManifests {
    let objects: [YAMLNode]

    static let directory = "deploy/k8s"

    static func load() throws -> KubernetesManifests {
        let root = TestEnvironment.repositoryRoot.appendingPathComponent(directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
        return KubernetesManifests(objects: try files.flatMap { try YAMLNode.documents("\(directory)/\($0)") })
    }

    func all(_ kind: String) -> [YAMLNode] {
        objects.filter { $0["kind"].string == kind }
    }

    func one(_ kind: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> YAMLNode {
        let matches = all(kind)
        #expect(matches.count == 1, "expected one \(kind), found \(matches.count)", sourceLocation: sourceLocation)
        return try #require(matches.first, sourceLocation: sourceLocation)
    }

    func named(_ kind: String, _ name: String) -> YAMLNode? {
        all(kind).first { $0["metadata"]["name"].string == name }
    }

    /// The Jiri API pods' template.
    var podTemplate: YAMLNode {
        get throws { try one("Deployment")["spec"]["template"] }
    }
}

extension YAMLNode {
    /// The container env entries by name.
    var environment: [String: YAMLNode] {
        Dictionary(self["env"].list.map { ($0["name"].string ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `valueFrom.secretKeyRef` of an env entry as (secret, key), when it is one.
    var secretReference: (name: String, key: String)? {
        let reference = self["valueFrom"]["secretKeyRef"]
        guard let name = reference["name"].string, let key = reference["key"].string else { return nil }
        return (name, key)
    }

    /// A label selector's `matchLabels`, or a pod template's labels.
    var labels: [String: String] {
        (value as? [String: Any] ?? [:]).mapValues { "\($0)" }
    }
}
