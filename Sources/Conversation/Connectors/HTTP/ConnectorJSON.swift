import Foundation

/// The JSON dialect of the apps' REST APIs: snake_case keys and ISO-8601 dates.
enum ConnectorJSON {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(.iso8601))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date-time: \(text)")
            }
            return date
        }
        return decoder
    }

    /// ISO-8601 date-times with or without fractional seconds, `Z` or an offset.
    static func parseDate(_ text: String) -> Date? {
        ISODateTime.parseWithOffset(text)
    }
}

/// A response whose body the connector does not read (204, or an echo of the
/// updated resource it has no use for).
public struct NoContent: Decodable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}

/// A collection as REST APIs return it: a bare array, or an object that
/// wraps it under `items` (the usual paginated shape).
struct ListResponse<Element: Decodable & Sendable>: Decodable, Sendable {
    var elements: [Element]

    private enum CodingKeys: String, CodingKey {
        case items
    }

    init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            elements = try decoder.singleValueContainer().decode([Element].self)
        } else {
            elements = try decoder.container(keyedBy: CodingKeys.self).decode([Element].self, forKey: .items)
        }
    }
}
