extension XMLStreamReader {
    /// Moves to the root element and checks that it is `name`.
    /// - Throws: `IngestError.malformed` naming the root found instead, or
    ///   when the document has none; what `advance()` throws.
    mutating func enterRoot(named name: String) throws(IngestError) {
        while try advance() {
            guard nodeKind == .element else { continue }
            guard localName == name else {
                throw .malformed(path: path, line: line, reason: "root element is <\(localName)>, expected <\(name)>")
            }
            return
        }
        throw .malformed(path: path, line: 1, reason: "the document has no root element")
    }
}
