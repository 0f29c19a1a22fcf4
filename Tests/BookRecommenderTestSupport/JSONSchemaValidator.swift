import Foundation

@testable import BookRecommender

/// Checks a JSON document against a JSON Schema (draft 2020-12), for the
/// keywords the schemas in `schemas/` use: `type` (a name or a list),
/// `properties`, `required`, `additionalProperties` (a boolean or a schema),
/// `items`, `enum`, `const`, `minimum`, `pattern`, `oneOf` and `$ref` to
/// `#/$defs/<name>`. Annotations (`$schema`, `$id`, `title`, `description`,
/// `$comment`) are ignored; any other keyword is reported as unsupported,
/// so a schema can never pass by using a keyword this checker skips.
package struct JSONSchemaValidator: Sendable {
    /// The root schema, which `$ref`s resolve against.
    package let schema: JSONValue

    /// A validator for `schema` (a schema object or a boolean schema).
    package init(schema: JSONValue) {
        self.schema = schema
    }

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$comment", "$defs"]
    static let keywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "minimum", "pattern",
        "oneOf", "$ref",
    ]

    /// Every way `instance` breaks the schema, as `<JSON path>: <problem>`
    /// (`$.recommendations[0].score: expected number, found string`), in
    /// document order; empty when it conforms.
    package func errors(in instance: JSONValue) -> [String] {
        var errors: [String] = []
        check(instance, against: schema, path: "$", errors: &errors, depth: 0)
        return errors
    }

    private func check(_ value: JSONValue, against schema: JSONValue, path: String, errors: inout [String], depth: Int)
    {
        guard depth < 64 else { return errors.append("\(path): schema references nest too deep") }
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): not allowed here") }
            return
        }
        guard case .object(let rules) = schema else { return errors.append("\(path): schema is not an object") }
        for key in rules.keys.sorted() where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            errors.append("\(path): schema keyword \(key) is not supported")
        }
        if case .string(let reference) = rules["$ref"] {
            if let target = resolve(reference) {
                check(value, against: target, path: path, errors: &errors, depth: depth + 1)
            } else {
                errors.append("\(path): cannot resolve $ref \(reference)")
            }
        }
        if let type = rules["type"], !Self.matches(value, type: type) {
            errors.append("\(path): expected \(Self.names(type)), found \(value.typeName)")
            return
        }
        if case .array(let choices) = rules["enum"], !choices.contains(where: { Self.same($0, value) }) {
            errors.append("\(path): \(value.compactText) is not one of \(JSONValue.array(choices).compactText)")
        }
        if let constant = rules["const"], !Self.same(constant, value) {
            errors.append("\(path): expected \(constant.compactText), found \(value.compactText)")
        }
        if let minimum = rules["minimum"].flatMap(Self.double), let number = Self.double(value), number < minimum {
            errors.append("\(path): \(value.compactText) is below the minimum \(minimum)")
        }
        if case .string(let pattern) = rules["pattern"], case .string(let text) = value {
            checkPattern(pattern, text: text, path: path, errors: &errors)
        }
        if case .array(let choices) = rules["oneOf"] {
            checkOneOf(choices, value: value, path: path, errors: &errors, depth: depth)
        }
        if case .object(let members) = value {
            checkObject(members, rules: rules, path: path, errors: &errors, depth: depth)
        }
        if case .array(let items) = value, let itemSchema = rules["items"] {
            for (index, item) in items.enumerated() {
                check(item, against: itemSchema, path: "\(path)[\(index)]", errors: &errors, depth: depth + 1)
            }
        }
    }

    private func checkObject(
        _ members: [String: JSONValue], rules: [String: JSONValue], path: String, errors: inout [String], depth: Int
    ) {
        if case .array(let required) = rules["required"] {
            for case .string(let name) in required where members[name] == nil {
                errors.append("\(path): missing required property \(name)")
            }
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let declared) = rules["properties"] { properties = declared }
        for name in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let memberPath = path + "." + name
            if let property = properties[name] {
                check(members[name]!, against: property, path: memberPath, errors: &errors, depth: depth + 1)
            } else if let extra = rules["additionalProperties"] {
                if case .bool(false) = extra {
                    errors.append("\(path): unexpected property \(name)")
                } else {
                    check(members[name]!, against: extra, path: memberPath, errors: &errors, depth: depth + 1)
                }
            }
        }
    }

    /// `oneOf`: exactly one of `choices` may accept `value`.
    private func checkOneOf(_ choices: [JSONValue], value: JSONValue, path: String, errors: inout [String], depth: Int)
    {
        let accepting = choices.indices.filter { index in
            var choiceErrors: [String] = []
            check(value, against: choices[index], path: path, errors: &choiceErrors, depth: depth + 1)
            return choiceErrors.isEmpty
        }
        if accepting.count != 1 {
            errors.append(
                "\(path): matches \(accepting.count) of the \(choices.count) oneOf schemas, expected exactly 1")
        }
    }

    private func checkPattern(_ pattern: String, text: String, path: String, errors: inout [String]) {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            return errors.append("\(path): schema pattern \(pattern) is not a valid regular expression")
        }
        let range = NSRange(text.startIndex..., in: text)
        if regex.firstMatch(in: text, range: range) == nil {
            errors.append("\(path): \(JSONValue.string(text).compactText) does not match \(pattern)")
        }
    }

    /// The schema `#/$defs/<name>` names, or nil.
    private func resolve(_ reference: String) -> JSONValue? {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), case .object(let root) = schema, case .object(let defs) = root["$defs"]
        else { return nil }
        return defs[String(reference.dropFirst(prefix.count))]
    }

    /// Whether `value` has the type (or one of the types) `type` names; an
    /// integer is a number, and a number without a fraction is an integer.
    static func matches(_ value: JSONValue, type: JSONValue) -> Bool {
        switch type {
        case .array(let names): return names.contains { matches(value, type: $0) }
        case .string(let name):
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object):
                return true
            case ("number", _): return double(value) != nil
            case ("integer", _): return double(value).map { $0.rounded() == $0 } ?? false
            default: return false
            }
        default: return false
        }
    }

    private static func names(_ type: JSONValue) -> String {
        if case .array(let names) = type { return names.map(\.compactText).joined(separator: " or ") }
        if case .string(let name) = type { return name }
        return type.compactText
    }

    /// A number's value (integers included), else nil.
    static func double(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number), .fixed(let number, _): number
        default: nil
        }
    }

    /// JSON equality: numbers by value, so `1` equals `1.0`.
    static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if let a = double(left), let b = double(right) { return a == b }
        return left == right
    }
}
