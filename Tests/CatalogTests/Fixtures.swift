import Catalog
import Foundation

enum Fixtures {
    /// `deploy/config/apps` of this checkout.
    static let appsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deploy/config/apps", isDirectory: true)

    static let shipped: Catalog = {
        do {
            return try Catalog.load(directory: appsDirectory)
        } catch {
            fatalError("the shipped catalog does not load: \(error)")
        }
    }()

    /// A small valid catalog file; tests break one thing in it.
    static let minimalApp = """
    name: demo
    display_name: Demo
    aliases: [demo app]
    connector:
      kind: http
      base_url_env: DEMO_BASE_URL
      token_env: DEMO_TOKEN
    error_dialogs:
      unreachable: "I can't reach Demo right now."
    enums:
      Color:
        cases:
          red:
            synonyms: [crimson]
          blue: {}
    entities:
      ThingEntity:
        fields:
          id: string
          name: string
        display: name
    intents:
      - id: demo.PaintIntent
        title: Paint
        parameters:
          - name: thing
            type: "entity:ThingEntity"
            required: true
            prompt: What should I paint?
          - name: color
            type: "enum:Color"
            default: red
        phrases:
          - 'Paint \\(\\.$thing) in \\(.applicationName)'
        utterances:
          - "paint {thing} [{color}]"
        dialogs:
          success: "Painted {thing} {color}."
    """

    /// `minimalApp` with `original` replaced by `replacement` (which must occur).
    static func app(replacing original: String, with replacement: String) -> String {
        precondition(minimalApp.contains(original), "fixture does not contain \(original)")
        return minimalApp.replacingOccurrences(of: original, with: replacement)
    }

    /// The 1-based line of the first line containing `text` in `yaml`.
    static func line(of text: String, in yaml: String) -> Int? {
        yaml.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(text) }
            .map { $0 + 1 }
    }
}
