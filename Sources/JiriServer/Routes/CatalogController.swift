import Catalog
import Foundation
import Hummingbird

/// `GET /tools`: the catalog as JSON-Schema tool definitions
/// (OpenAI function-calling shape), for an LLM orchestrator.
struct CatalogController {
    let catalog: Catalog

    func addRoutes(to group: RouterGroup<JiriRequestContext>) {
        group.get("tools") { _, _ in
            try Response.json(["tools": catalog.toolDefinitions()])
        }
        group.rejectingOtherMethods(on: "tools", allowing: [.get])
    }
}
