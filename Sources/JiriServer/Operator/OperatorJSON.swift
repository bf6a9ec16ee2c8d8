import Foundation
import Handoff
import Hummingbird

/// JSON for the operator API: snake_case keys like the rest of the HTTP API (fact names, which
/// have no capitals, are unchanged), ISO 8601 dates.
enum OperatorJSON {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(status: status, headers: [.contentType: "application/json"],
                         body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// A rules text that does not load: 422 with every problem and its line.
    static func invalidRuleset(_ error: RulesetError) throws -> Response {
        struct Body: Encodable {
            struct Problem: Encodable {
                var line: Int
                var message: String
            }

            struct Detail: Encodable {
                var code = "invalid_ruleset"
                var message: String
                var problems: [Problem]
            }

            var error: Detail
        }
        let problems = error.problems.map { Body.Problem(line: $0.line, message: $0.message) }
        let message = "The rules do not load (\(problems.count) problem\(problems.count == 1 ? "" : "s"))."
        return try response(Body(error: .init(message: message, problems: problems)), status: .unprocessableContent)
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw APIError.badRequest("malformed_json", "The body is not valid JSON.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.unprocessable("invalid_field", path.isEmpty ? "The body must be a JSON object." : "'\(path)' has the wrong type.")
        } catch {
            throw APIError.unprocessable("invalid_body", "The body is not valid: \(error)")
        }
    }
}
