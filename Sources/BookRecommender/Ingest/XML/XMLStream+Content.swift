import CLibXML2

extension XMLStream {
    /// The value of the current element's attribute `name` (a name without a
    /// prefix, or `xmlns`), else of its DTD's default for it, if either is there.
    func attribute(_ name: String) -> String? {
        guard node >= 0, tree.nodes[Int(node)].kind == .element, !name.contains(":") else { return nil }
        let content = tree.contents[Int(node)]
        let declarations = content.attributes.prefix(content.namespaceCount)
        if name == "xmlns" { return declarations.first { $0.name == name }?.value }
        if let value = content.attributes.dropFirst(content.namespaceCount).first(where: { $0.name == name })?.value {
            return value
        }
        guard let subset = parser.context.pointee.myDoc?.pointee.intSubset,
            let declaration = xmlGetDtdQAttrDesc(subset, content.qualifiedName, name, nil),
            let value = declaration.pointee.defaultValue
        else { return nil }
        return String(cString: value)
    }

    /// All namespace declarations and attributes of the current element,
    /// declarations first, in document order.
    func attributes() -> [(name: String, value: String)] {
        guard node >= 0, tree.nodes[Int(node)].kind == .element else { return [] }
        return tree.contents[Int(node)].attributes
    }

    /// The text of the current text node.
    var text: String {
        node >= 0 ? String(decoding: tree.contents[Int(node)].text, as: UTF8.self) : ""
    }

    /// Reads the text of the current element: its text and CDATA, and that of
    /// its descendants, concatenated; an unexpanded entity reference is kept as
    /// `&name;`. Leaves the stream on the element's end tag.
    /// - Throws: `IngestError.malformed` when the document breaks inside the
    ///   element or its text exceeds `XMLLimits.maxTextLength`; `.cannotRead`
    ///   on I/O errors.
    mutating func readElementText() throws(IngestError) -> String {
        guard nodeKind == .element, !isEmptyElement else { return "" }
        let (name, startDepth, startLine) = (localName, depth, line)
        var result = ""
        while try advance() {
            switch nodeKind {
            case .endElement where depth == startDepth: return result
            case .text: result += text
            case .entityReference: result += "&\(localName);"
            case .element, .endElement, .other: continue
            }
            guard result.utf8.count <= XMLLimits.maxTextLength else {
                throw .malformed(path: path, line: startLine, reason: XMLLimits.textTooLong(in: name))
            }
        }
        throw .malformed(path: path, line: startLine, reason: XMLLimits.textEndsInside(name))
    }
}
