/// The type of an intent parameter or entity field, written in catalog files as
/// `string`, `integer`, `duration`, `date`, `bool`, `enum:<Name>` or `entity:<Name>`.
public enum ParameterType: Sendable, Hashable {
    case string
    case integer
    /// A length of time, carried in whole minutes.
    case duration
    /// A point in time, resolved in the user's time zone.
    case date
    case bool
    /// One case of an enum declared in the same catalog file.
    case enumeration(String)
    /// A reference to an app entity; the app's connector resolves the spoken mention.
    case entity(String)

    /// Parses the catalog spelling; `nil` for anything else.
    public init?(catalogName: String) {
        switch catalogName {
        case "string": self = .string
        case "integer": self = .integer
        case "duration": self = .duration
        case "date": self = .date
        case "bool": self = .bool
        default:
            if let name = Self.suffix(of: catalogName, after: "enum:") {
                self = .enumeration(name)
            } else if let name = Self.suffix(of: catalogName, after: "entity:") {
                self = .entity(name)
            } else {
                return nil
            }
        }
    }

    /// The catalog spelling, the inverse of `init(catalogName:)`.
    public var catalogName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .duration: "duration"
        case .date: "date"
        case .bool: "bool"
        case .enumeration(let name): "enum:\(name)"
        case .entity(let name): "entity:\(name)"
        }
    }

    private static func suffix(of text: String, after prefix: String) -> String? {
        guard text.hasPrefix(prefix) else { return nil }
        let name = String(text.dropFirst(prefix.count))
        return Identifier.isTypeName(name) ? name : nil
    }
}
