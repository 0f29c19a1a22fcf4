import Foundation

/// A JSON document with one fixed byte rendering: keys sorted by their UTF-8
/// bytes, two-space indentation, `"key": value`, `/` not escaped, control
/// characters escaped, and a trailing newline.
///
/// `JSONEncoder` escapes and spaces differently across Foundation versions;
/// this writer gives the same bytes everywhere, so reports can be diffed and
/// re-runs are idempotent. The lead reuses it for `summary.json`.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// Printed in Swift's shortest round-trip form; NaN and infinities print `null`.
    case number(Double)
    /// Rounded to `places` decimals, printed without float noise (see `DecimalText`);
    /// NaN and infinities print `null`.
    case fixed(Double, places: Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The pretty-printed document, ending in a newline.
    public var text: String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    /// The pretty-printed document as UTF-8 bytes, ending in a newline.
    public var data: Data { Data(text.utf8) }

    /// The document on one line, without any whitespace between tokens and
    /// without a trailing newline (one line of a JSON Lines file). Keys are
    /// sorted and strings escaped exactly as in `text`.
    public var compactText: String {
        var out = ""
        write(to: &out, indent: nil)
        return out
    }

    /// Writes the value; `indent` nil means compact.
    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value): out += value.isFinite ? value.description : "null"
        case .fixed(let value, let places): out += DecimalText.string(value, places: places) ?? "null"
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                out += index == 0 ? "" : ","
                Self.newline(to: &out, indent: indent.map { $0 + 2 })
                item.write(to: &out, indent: indent.map { $0 + 2 })
            }
            Self.newline(to: &out, indent: indent)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                out += index == 0 ? "" : ","
                Self.newline(to: &out, indent: indent.map { $0 + 2 })
                Self.writeString(member.key, to: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent.map { $0 + 2 })
            }
            Self.newline(to: &out, indent: indent)
            out += "}"
        }
    }

    /// A line break and `indent` spaces; nothing when compact.
    private static func newline(to out: inout String, indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: " ", count: indent)
    }

    /// A JSON string literal. Swift strings hold only Unicode scalars (no lone
    /// surrogates), so escaping the C0 controls, DEL, `"` and `\` is enough for
    /// valid JSON; U+2028/U+2029 are escaped too so the text is also valid JavaScript.
    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
