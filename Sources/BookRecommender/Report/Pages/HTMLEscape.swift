import Foundation

/// Escaping for text that goes into the HTML reports.
enum HTMLEscape {
    /// `value` safe as element text or as a quoted attribute value: `& < > " '`
    /// become character references, and characters HTML forbids (NUL, C0
    /// controls other than tab, LF and CR, DEL, C1 controls, noncharacters)
    /// become U+FFFD. Bidi embeddings, overrides and isolates that `value`
    /// leaves open are closed at its end, so a hostile title or user id can
    /// reorder only itself, never the text after it on the page.
    static func text(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        // The closers the open bidi controls need, innermost last.
        var open: [Unicode.Scalar] = []
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            case "\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}":
                open.append(popDirectionalFormatting)
                out.unicodeScalars.append(scalar)
            case "\u{2066}"..."\u{2068}":
                open.append(popDirectionalIsolate)
                out.unicodeScalars.append(scalar)
            case popDirectionalFormatting:
                if open.last == popDirectionalFormatting { open.removeLast() }
                out.unicodeScalars.append(scalar)
            case popDirectionalIsolate:
                // Closes its isolate and every embedding opened inside it (UAX #9, rule X6a).
                if let isolate = open.lastIndex(of: popDirectionalIsolate) { open.removeSubrange(isolate...) }
                out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(isNoncharacter(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        out.unicodeScalars.append(contentsOf: open.reversed())
        return out
    }

    /// U+202C, which ends an embedding or override (LRE, RLE, LRO, RLO).
    private static let popDirectionalFormatting: Unicode.Scalar = "\u{202C}"
    /// U+2069, which ends an isolate (LRI, RLI, FSI).
    private static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// U+FDD0...U+FDEF, and U+xFFFE and U+xFFFF in every plane.
    private static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// `value` as a URL for `href` or `src`, or `nil` unless it is an absolute
    /// `http` or `https` URL with a host and no whitespace or control
    /// characters (browsers drop those, which would let `java\tscript:`
    /// through). The result still needs `text(_:)` before it goes into an attribute.
    static func safeURL(_ value: String) -> String? {
        let hasUnsafeScalar = value.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
        guard !hasUnsafeScalar, let url = URLComponents(string: value),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return value
    }

    /// `value` as one relative URL path segment: everything except the RFC 3986
    /// unreserved characters (`A-Z a-z 0-9 - . _ ~`) is percent-encoded.
    static func pathSegment(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
