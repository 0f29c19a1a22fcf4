extension XMLStreamReader {
    /// Moves to the root element and checks that it is `name`.
    /// - Throws: `IngestError.malformed` naming the root found instead, or
    ///   when the document has none; what `advance()` throws.
    mutating func enterRoot(named name: String) throws(IngestError) {
        _ = try enterRoot(namedOneOf: [name])
    }

    /// Moves to the root element and checks that it is one of `names` (by
    /// local name: any namespace prefix).
    /// - Returns: the root's local name.
    /// - Throws: `IngestError.malformed` naming the root found instead, or
    ///   when the document has none; what `advance()` throws.
    mutating func enterRoot(namedOneOf names: [String]) throws(IngestError) -> String {
        while try advance() {
            guard nodeKind == .element else { continue }
            guard names.contains(localName) else {
                let expected = names.map { "<\($0)>" }.joined(separator: " or ")
                throw .malformed(path: path, line: line, reason: "root element is <\(localName)>, expected \(expected)")
            }
            return localName
        }
        throw .malformed(path: path, line: 1, reason: "the document has no root element")
    }
}
