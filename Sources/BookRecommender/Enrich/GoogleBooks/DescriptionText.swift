/// Turns a Google Books description (which may hold HTML, or HTML escaped as
/// `&lt;i&gt;`) into plain text that never contains markup.
///
/// Steps: decode character references once (so escaped markup becomes markup),
/// then drop every tag, comment and the contents of `<script>`/`<style>`;
/// `<p>`-like blocks become blank lines and `<br>`/`<li>` line breaks; finally
/// whitespace runs collapse to one space and blank lines to one. When the text
/// holds no tag at all its own line breaks are kept; otherwise they are
/// ordinary whitespace, as in HTML.
enum DescriptionText {
    private static let paragraphTags: Set<String> = [
        "p", "div", "blockquote", "ul", "ol", "table", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6",
    ]
    private static let lineTags: Set<String> = ["br", "li", "tr", "dt", "dd"]

    /// The plain-text form of `html`.
    static func plain(fromHTML html: String) -> String {
        tidy(strip(HTMLEntities.decode(html)))
    }

    private static func strip(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let isMarkup = (0..<scalars.count).contains { opensTag(scalars, at: $0) }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard opensTag(scalars, at: index) else {
                let isBreak = scalar == "\n" || scalar == "\r" || scalar == "\t"
                out.append(isMarkup && isBreak ? " " : scalar)
                index += 1
                continue
            }
            if hasPrefix(scalars, at: index, "<!--") {
                index = end(of: "-->", in: scalars, from: index + 4)
                continue
            }
            guard let close = scalars[index...].firstIndex(of: ">") else { break }
            let isClosing = scalars[index + 1] == "/"
            let name = tagName(scalars[(isClosing ? index + 2 : index + 1)..<close])
            index = close + 1
            if !isClosing && (name == "script" || name == "style") {
                let closer = end(of: "</" + name, in: scalars, from: index)
                index = closer >= scalars.count ? closer : end(of: ">", in: scalars, from: closer)
            } else if paragraphTags.contains(name) {
                out.append(contentsOf: "\n\n".unicodeScalars)
            } else if lineTags.contains(name) {
                out.append("\n")
            }
        }
        return String(out)
    }

    /// True when a tag, end tag, comment or declaration starts at `index`.
    private static func opensTag(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard scalars[index] == "<", index + 1 < scalars.count else { return false }
        let next = scalars[index + 1]
        return next == "/" || next == "!" || next == "?" || (next.isASCII && next.properties.isAlphabetic)
    }

    private static func tagName(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        let name = scalars.prefix { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return String(String.UnicodeScalarView(name)).lowercased()
    }

    private static func hasPrefix(_ scalars: [Unicode.Scalar], at index: Int, _ pattern: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        guard index + pattern.count <= scalars.count else { return false }
        return zip(scalars[index...], pattern).allSatisfy { lowered($0) == lowered($1) }
    }

    /// The index just past the first `pattern` (ASCII case-insensitive) at or after
    /// `start`, or the end of the text when there is none.
    private static func end(of pattern: String, in scalars: [Unicode.Scalar], from start: Int) -> Int {
        let length = pattern.unicodeScalars.count
        var index = start
        while index + length <= scalars.count {
            if hasPrefix(scalars, at: index, pattern) { return index + length }
            index += 1
        }
        return scalars.count
    }

    private static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    private static func tidy(_ text: String) -> String {
        var lines: [String] = []
        var pendingBlank = false
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if line.isEmpty {
                pendingBlank = !lines.isEmpty
            } else {
                if pendingBlank { lines.append("") }
                pendingBlank = false
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
