import Catalog
import Foundation
import Understanding

/// The app catalog and the matcher compiled from it: the slow part of starting Jiri,
/// done once and shared by every application built from it (the tests start hundreds).
public struct CompiledCatalog: Sendable {
    public let catalog: Catalog
    public let matcher: IntentMatcher

    public init(directory: String) throws {
        catalog = try Catalog.load(directory: URL(fileURLWithPath: directory))
        matcher = IntentMatcher(catalog: catalog)
    }
}
