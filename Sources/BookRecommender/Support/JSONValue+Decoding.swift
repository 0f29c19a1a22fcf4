/// Reading job files into `JSONValue` without losing types: a `true` stays a
/// boolean and `3` an integer, so errors can say "expected X, found Y".
extension JSONValue: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The JSON type name, for messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number, .fixed: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value as a setting value, when its type can be one; an array only
    /// when every element is a string (`JobFile` names the odd element).
    var settingValue: SettingValue? {
        switch self {
        case .bool(let value): return .boolean(value)
        case .integer(let value): return .integer(value)
        case .number(let value), .fixed(let value, _): return .number(value)
        case .string(let value): return .string(value)
        case .array(let items):
            var strings: [String] = []
            for item in items {
                guard case .string(let text) = item else { return nil }
                strings.append(text)
            }
            return .strings(strings)
        case .object(let members): return .object(members)
        case .null: return nil
        }
    }
}
