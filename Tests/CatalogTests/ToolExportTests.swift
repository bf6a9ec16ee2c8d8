import Catalog
import Foundation
import Testing

@Suite struct ToolExportTests {
    @Test func everyIntentIsExportedAsAFunctionTool() {
        let tools = Fixtures.shipped.toolDefinitions()
        #expect(tools.count == Fixtures.shipped.intents.count)
        for tool in tools {
            #expect(tool.type == "function")
            #expect(tool.function.name.count <= 64)
            #expect(tool.function.name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            #expect(!tool.function.description.isEmpty)
        }
    }

    @Test func parametersAreAnObjectSchemaWithTheRequiredList() throws {
        let tools = Fixtures.shipped.toolDefinitions()
        let create = try #require(tools.first { $0.function.name == "nagz_CreateNagIntent" })
        let schema = create.function.parameters
        #expect(schema.type == "object")
        #expect(schema.additionalProperties == false)
        #expect(Set(schema.required ?? []) == ["recipient", "category", "dueAt"])
        let properties = try #require(schema.properties)
        #expect(Set(properties.keys) == ["recipient", "category", "dueAt", "description"])
        #expect(properties["category"]?.enum == ["chores", "meds", "homework", "appointments", "other"])
        #expect(properties["dueAt"]?.format == "date-time")
        #expect(properties["recipient"]?.type == "string")
        for tool in tools {
            let names = Set(tool.function.parameters.properties?.keys.map { $0 } ?? [])
            #expect(Set(tool.function.parameters.required ?? []).isSubset(of: names), "\(tool.function.name)")
        }
    }

    @Test func durationsAreMinutesWithTheirDefault() throws {
        let snooze = try #require(Fixtures.shipped.toolDefinitions().first { $0.function.name == "nagz_SnoozeNagIntent" })
        let minutes = try #require(snooze.function.parameters.properties?["minutes"])
        #expect(minutes.type == "integer")
        #expect(minutes.minimum == 0)
        #expect(minutes.default == .integer(15))
    }

    @Test func toolsEncodeToTheFunctionCallingShape() throws {
        let data = try JSONEncoder().encode(Fixtures.shipped.toolDefinitions())
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let ask = try #require(json.first { ($0["function"] as? [String: Any])?["name"] as? String == "oppi_AskPiIntent" })
        #expect(ask["type"] as? String == "function")
        let function = try #require(ask["function"] as? [String: Any])
        let parameters = try #require(function["parameters"] as? [String: Any])
        #expect(parameters["type"] as? String == "object")
        #expect(parameters["required"] as? [String] == ["prompt", "workspace"])
        let properties = try #require(parameters["properties"] as? [String: Any])
        let thinking = try #require(properties["thinking"] as? [String: Any])
        #expect(thinking["enum"] as? [String] == ["off", "low", "medium", "high"])
        #expect(thinking["default"] as? String == "medium")
        #expect(thinking["properties"] == nil)
        let decoded = try JSONDecoder().decode([ToolDefinition].self, from: data)
        #expect(decoded == Fixtures.shipped.toolDefinitions())
    }
}
