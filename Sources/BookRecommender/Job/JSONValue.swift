/// Any JSON value, decoded without losing its type (a `true` stays a boolean,
/// `3` an integer), so job-file errors can say "expected X, found Y".
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
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
    public var typeName: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value as a setting value, when its type can be one.
    var settingValue: SettingValue? {
        switch self {
        case .boolean(let value): .boolean(value)
        case .integer(let value): .integer(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let items):
            // Only an array of strings is a setting value; `JobFile` names the odd element.
            items.allSatisfy { if case .string = $0 { true } else { false } }
                ? .strings(items.map { if case .string(let text) = $0 { text } else { "" } }) : nil
        case .null, .object: nil
        }
    }
}
