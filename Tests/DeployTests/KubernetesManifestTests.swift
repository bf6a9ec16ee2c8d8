import Foundation
import JiriTestSupport
import Testing
import Yams

@Suite("Kubernetes manifests")
struct KubernetesManifestTests {
    @Test func everyObjectHasAnAPIVersionKindAndName() throws {
        let manifests = try KubernetesManifests.load()
        #expect(!manifests.objects.isEmpty)
        for object in manifests.objects {
            #expect(object["apiVersion"].string?.isEmpty == false, "\(object.path) has no apiVersion")
            #expect(object["kind"].string?.isEmpty == false, "\(object.path) has no kind")
            #expect(object["metadata"]["name"].string?.isEmpty == false, "\(object.path) has no metadata.name")
        }
    }

    @Test func allTheKindsOfAScaledOutDeploymentArePresent() throws {
        let kinds = Set(try KubernetesManifests.load().objects.compactMap { $0["kind"].string })
        #expect(kinds.isSuperset(of: ["Deployment", "Service", "ConfigMap", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Job"]))
    }

    @Test func probesUseReadyzAndHealthzOnTheServedPort() throws {
        let container = try #require(try KubernetesManifests.load().podTemplate["spec"]["containers"].list.first)
        let ports = Set(container["ports"].list.compactMap { $0["name"].string })
        #expect(container["readinessProbe"]["httpGet"]["path"].string == "/readyz")
        #expect(container["livenessProbe"]["httpGet"]["path"].string == "/healthz")
        for probe in ["readinessProbe", "livenessProbe", "startupProbe"] {
            let port = try #require(container[probe]["httpGet"]["port"].string, "\(probe) has no port")
            #expect(ports.contains(port) || container["ports"].list.contains { $0["containerPort"].string == port })
        }
        #expect(container["args"].list.compactMap(\.string) == ["serve"])
    }

    @Test func theAPIAndTheMigrationRunOnePinnedImage() throws {
        let manifests = try KubernetesManifests.load()
        let api = try #require(try manifests.podTemplate["spec"]["containers"].list.first?["image"].string)
        let migrate = try #require(try manifests.one("Job")["spec"]["template"]["spec"]["containers"].list.first?["image"].string)
        #expect(api == migrate)
        #expect(api.contains(":") && !api.hasSuffix(":latest"), "pin the image tag: \(api)")
    }

    @Test func podsRunAsNonRootWithoutPrivilegeEscalation() throws {
        let manifests = try KubernetesManifests.load()
        let pods = [try manifests.podTemplate["spec"], try manifests.one("Job")["spec"]["template"]["spec"]]
        for pod in pods {
            #expect(pod["securityContext"]["runAsNonRoot"].bool == true, "\(pod.path)")
            #expect((pod["securityContext"]["runAsUser"].int ?? 0) > 0, "\(pod.path)")
            for container in pod["containers"].list {
                #expect(container["securityContext"]["allowPrivilegeEscalation"].bool == false, "\(container.path)")
                #expect(container["securityContext"]["capabilities"]["drop"].list.compactMap(\.string) == ["ALL"], "\(container.path)")
                #expect(container["resources"]["requests"]["cpu"].exists, "\(container.path) requests no CPU")
                #expect(container["resources"]["requests"]["memory"].exists, "\(container.path) requests no memory")
                #expect(container["resources"]["limits"]["memory"].exists, "\(container.path) has no memory limit")
            }
        }
    }

    @Test func storeURLsAndConnectorTokensComeFromTheSecret() throws {
        let manifests = try KubernetesManifests.load()
        let container = try #require(try manifests.podTemplate["spec"]["containers"].list.first)
        let env = container.environment
        var secretVariables = ["DATABASE_URL", "REDIS_URL"]
        secretVariables += try CatalogConnectors.load().compactMap(\.tokenVariable)
        for variable in secretVariables {
            let reference = try #require(env[variable]?.secretReference, "\(variable) is not read from a Secret")
            #expect(reference.key == variable)
            #expect(reference.name == "jiri-secrets")
        }
        #expect(container["envFrom"].list.compactMap { $0["configMapRef"]["name"].string } == ["jiri-config"])
    }

    @Test func theConfigMapSetsEveryConnectorBaseURLAndOnlyStrings() throws {
        let manifests = try KubernetesManifests.load()
        let data = try #require(manifests.named("ConfigMap", "jiri-config"))["data"]
        for variable in try CatalogConnectors.load().compactMap(\.baseURLVariable) {
            #expect(data[variable].exists, "jiri-config does not set \(variable)")
        }
        for key in data.keys {
            #expect(data[key].value is String, "jiri-config.\(key) must be a string (quote it)")
        }
        #expect(data["JIRI_ALLOW_ANONYMOUS"].string == "0")
    }

    @Test func catalogAndRulesPathsLieInTheirMountedConfigMaps() throws {
        let manifests = try KubernetesManifests.load()
        let data = try #require(manifests.named("ConfigMap", "jiri-config"))["data"]
        let pod = try manifests.podTemplate["spec"]
        let container = try #require(pod["containers"].list.first)
        let volumes = Dictionary(pod["volumes"].list.map { ($0["name"].string ?? "", $0["configMap"]["name"].string) }, uniquingKeysWith: { $1 })
        let mounts = Dictionary(container["volumeMounts"].list.map { ($0["mountPath"].string ?? "", $0["name"].string ?? "") }, uniquingKeysWith: { $1 })
        func configMap(containing path: String) -> String? {
            mounts.first { path == $0.key || path.hasPrefix($0.key + "/") }.flatMap { volumes[$0.value] ?? nil }
        }
        #expect(configMap(containing: try #require(data["JIRI_CATALOG_DIR"].string)) == "jiri-catalog")
        #expect(configMap(containing: try #require(data["JIRI_RULES_FILE"].string)) == "jiri-rules")
        #expect(data["JIRI_RULES_FILE"].string?.hasSuffix("/handoff-rules.yaml") == true)
    }

    @Test func theServiceHPAAndPDBTargetTheAPIPods() throws {
        let manifests = try KubernetesManifests.load()
        let deployment = try manifests.one("Deployment")
        let podLabels = deployment["spec"]["template"]["metadata"]["labels"].labels
        let selectsPods = { (selector: [String: String]) in !selector.isEmpty && selector.allSatisfy { podLabels[$0.key] == $0.value } }
        #expect(selectsPods(deployment["spec"]["selector"]["matchLabels"].labels))
        #expect(selectsPods(try manifests.one("Service")["spec"]["selector"].labels))
        #expect(selectsPods(try manifests.one("PodDisruptionBudget")["spec"]["selector"]["matchLabels"].labels))

        let target = try manifests.one("HorizontalPodAutoscaler")["spec"]
        #expect(target["scaleTargetRef"]["kind"].string == "Deployment")
        #expect(target["scaleTargetRef"]["name"].string == deployment["metadata"]["name"].string)
        let minimum = try #require(target["minReplicas"].int)
        #expect(minimum >= 2, "one replica is no scale-out")
        #expect(minimum <= (target["maxReplicas"].int ?? 0))
    }

    @Test func theServiceForwardsToTheServedPort() throws {
        let manifests = try KubernetesManifests.load()
        let container = try #require(try manifests.podTemplate["spec"]["containers"].list.first)
        let ports = Set(container["ports"].list.compactMap { $0["name"].string })
        for port in try manifests.one("Service")["spec"]["ports"].list {
            #expect(ports.contains(port["targetPort"].string ?? ""), "\(port.path) targets no container port")
        }
    }

    @Test func theMigrationJobRunsJiriMigrateOnce() throws {
        let job = try KubernetesManifests.load().one("Job")
        let pod = job["spec"]["template"]["spec"]
        let container = try #require(pod["containers"].list.first)
        #expect(container["args"].list.first?.string == "migrate")
        #expect(["Never", "OnFailure"].contains(pod["restartPolicy"].string ?? ""))
        #expect(container.environment["DATABASE_URL"]?.secretReference?.name == "jiri-secrets")
        #expect(job["spec"]["backoffLimit"].int != nil)
    }
}

/// The connector variables the shipped app catalog names (`deploy/config/apps`).
struct CatalogConnectors {
    var baseURLVariable: String?
    var tokenVariable: String?

    static func load() throws -> [CatalogConnectors] {
        let directory = TestEnvironment.repositoryRoot.appendingPathComponent("deploy/config/apps")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(!files.isEmpty)
        return try files.map { file in
            let connector = try #require(YAMLNode.documents("deploy/config/apps/\(file)").first)["connector"]
            return CatalogConnectors(baseURLVariable: connector["base_url_env"].string, tokenVariable: connector["token_env"].string)
        }
    }
}
