extension XMLStream {
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
                throw .malformed(path: path, line: line, reason: XMLLimits.wrongRoot(localName, expected: names))
            }
            return localName
        }
        throw .malformed(path: path, line: 1, reason: XMLLimits.noRootElement)
    }
}
