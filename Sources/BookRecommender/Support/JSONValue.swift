import Foundation

/// A JSON document with one fixed byte rendering: keys sorted by their UTF-8
/// bytes, two-space indentation, `"key": value`, `/` not escaped, control
/// characters escaped, and a trailing newline.
///
/// `JSONEncoder` escapes and spaces differently across Foundation versions;
/// this writer gives the same bytes everywhere, so reports can be diffed and
/// re-runs are idempotent. The lead reuses it for `summary.json`.
package indirect enum JSONValue: Sendable, Equatable {
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
    var text: String { rendered(pretty: true).string }

    /// The pretty-printed document as UTF-8 bytes, ending in a newline.
    var data: Data { rendered(pretty: true).withBytes { Data($0) } }

    /// The document on one line, without any whitespace between tokens and
    /// without a trailing newline (one line of a JSON Lines file). Keys are
    /// sorted and strings escaped exactly as in `text`.
    var compactText: String { rendered(pretty: false).string }

    private func rendered(pretty: Bool) -> TextBuffer {
        let out = TextBuffer()
        write(to: out, indent: pretty ? 0 : nil)
        if pretty { out.append(byte: UInt8(ascii: "\n")) }
        return out
    }

    /// Writes the value; `indent` nil means compact.
    func write(to out: TextBuffer, indent: Int?) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .integer(let value): out.append(integer: value)
        case .number(let value): out.append(value.isFinite ? value.description : "null")
        case .fixed(let value, let places): if !out.append(decimal: value, places: places) { out.append("null") }
        case .string(let value): out.append(json: value)
        case .array(let items):
            guard !items.isEmpty else { return out.append("[]") }
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                Self.newline(to: out, indent: indent.map { $0 + 2 })
                item.write(to: out, indent: indent.map { $0 + 2 })
            }
            Self.newline(to: out, indent: indent)
            out.append("]")
        case .object(let members):
            guard !members.isEmpty else { return out.append("{}") }
            out.append("{")
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { out.append(",") }
                Self.newline(to: out, indent: indent.map { $0 + 2 })
                out.append(json: member.key)
                out.append(indent == nil ? ":" : ": ")
                member.value.write(to: out, indent: indent.map { $0 + 2 })
            }
            Self.newline(to: out, indent: indent)
            out.append("}")
        }
    }

    /// A line break and `indent` spaces; nothing when compact.
    static func newline(to out: TextBuffer, indent: Int?) {
        guard let indent else { return }
        out.append(newlineIndentedBy: indent)
    }
}
