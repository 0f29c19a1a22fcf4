/// Finds which XML format a file holds from its root element, reading only up
/// to that element.
enum XMLRootDetector {
    /// The local name of the root element of the XML file at `path`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read,
    ///   `.malformed` when it is not XML, has no root element, or is refused by
    ///   `XMLStream`'s limits (entity declarations, for one).
    static func rootElementName(ofFileAt path: String) throws(IngestError) -> String {
        var stream = try XMLStream(path: path)
        while try stream.advance() {
            if stream.nodeKind == .element { return stream.localName }
        }
        throw .malformed(path: path, line: 1, reason: XMLLimits.noRootElement)
    }

    /// The input format whose root element is `name`: `ratings` → ratings-xml,
    /// `rss` → goodreads-rss, `GoodreadsResponse` → goodreads-api; nil for any other root.
    static func inputFormat(forRoot name: String) -> InputFormat? {
        switch name {
        case "ratings": .ratingsXML
        case "rss": .goodreadsRSS
        case "GoodreadsResponse": .goodreadsAPI
        default: nil
        }
    }
}
