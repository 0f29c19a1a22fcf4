/// A setting's value as given, before `Setting` checks and applies it: a
/// string from the command line, or a typed JSON value from a job file.
package enum SettingValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case strings([String])
    case object([String: JSONValue])

    /// The JSON type name, for "expected X, found Y" messages.
    var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .strings: "array of strings"
        case .object: "object"
        }
    }
}
