import CLibXML2

/// Runs report pages through libxml2's HTML parser (`htmlReadMemory`) and
/// collects every error and warning it reports.
///
/// libxml2 2.9 parses HTML 4, so it calls the HTML5 elements the reports use
/// (`main`, `section`, `svg`, …) unknown tags; those, and only those, are
/// not problems. Everything else (mismatched or stray end tags, bad
/// attributes, broken entities, bad encoding) is.
enum HTMLChecker {
    static let html5Elements: Set<String> = [
        "main", "section", "figure", "figcaption", "details", "summary", "svg", "rect", "text",
    ]

    /// What the parser reported, as `line N: message`; empty for a clean page.
    static func problems(in html: String) -> [String] {
        final class Collected {
            var messages: [String] = []
        }
        let collected = Collected()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collected).toOpaque()) { context, error in
            guard let context, let error else { return }
            let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
            let tag = error.pointee.str1.map { String(cString: $0) } ?? ""
            if error.pointee.code == Int32(XML_HTML_UNKNOWN_TAG.rawValue), HTMLChecker.html5Elements.contains(tag) {
                return
            }
            let message = error.pointee.message.map { String(cString: $0) } ?? "code \(error.pointee.code)"
            collected.messages.append("line \(error.pointee.line): \(message)")
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let bytes = Array(html.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(
                    chars.baseAddress, Int32(chars.count), "report.html", "UTF-8",
                    Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_PEDANTIC.rawValue))
            }
        }
        if document == nil { collected.messages.append("the parser gave up") }
        xmlFreeDoc(document)
        return collected.messages
    }
}
