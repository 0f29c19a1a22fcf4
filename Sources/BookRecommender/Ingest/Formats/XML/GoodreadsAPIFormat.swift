import Foundation

/// Reads the XML the Goodreads API (v2, closed in 2020) answered to
/// `review_list`, as people saved their shelves with it:
/// `GoodreadsResponse/reviews/review`, one person's books; the user is the
/// file's member (`InputFile.member`: `alice.xml` → `alice`).
///
/// Per `review`: `book/id` becomes the local id `goodreads:<id>`, `book/isbn13`
/// (else `book/isbn`; either may be `nil="true"`) the ISBN-13, `book/title`
/// and the first `book/authors/author/name` the title and author. A `rating`
/// of 1–5 is a rating; 0 or none means an `unrated` interaction (on
/// `to-read`, say). Descriptions, images, dates and the rest are not read. A
/// review without a usable book, or with a rating that is not 0–5, is sent to
/// `sink.reject` with the line its `<review>` starts on.
struct GoodreadsAPIFormat: FileParser {
    init() {}

    /// The paths below `review` this reader uses; every other element is skipped.
    private static let fieldPaths: Set = [
        "book/id", "book/isbn", "book/isbn13", "book/title", "book/authors/author/name", "rating",
    ]

    /// Streams every `review` of `file` into `sink`, stopping early once the
    /// sink is stopped.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when the XML is broken or truncated (reviews before the
    ///   break were already sent), the root is not `GoodreadsResponse`, or
    ///   `XMLStream` refuses the document.
    func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var xml = try XMLStream(path: file.path)
        try xml.enterRoot(named: "GoodreadsResponse")
        let user = file.member
        let rating = RatingField(column: 0, scale: InputFormat.goodreadsAPI.fixedScale, unrated: [.empty, .zero])
        while try xml.advance() {
            guard xml.nodeKind == .element, xml.depth == 2, xml.localName == "review" else { continue }
            let line = xml.line
            let fields = try Self.readReview(&xml)
            func field(_ path: String) -> String {
                (fields.first { $0.name == path }?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let book = BookRef(
                isbn13: ISBN.normalize(field("book/isbn13")).isbn13 ?? ISBN.normalize(field("book/isbn")).isbn13,
                localID: field("book/id").isEmpty ? nil : "goodreads:\(field("book/id"))",
                title: field("book/title").isEmpty ? nil : field("book/title"),
                authors: field("book/authors/author/name").isEmpty ? [] : [field("book/authors/author/name")])
            let record = { XMLMarkup.element("review", children: fields) }
            guard !user.isEmpty else {
                sink.reject(line: line, reason: .missingUser, record: record())
                continue
            }
            guard !book.isUnidentified else {
                sink.reject(line: line, reason: .noBookID, record: record())
                continue
            }
            switch Array(field("rating").utf8).withUnsafeBufferPointer({ rating.value(of: $0) }) {
            case .rating(let value): sink.rating(user: user, book: book, value: value, line: line)
            case .withoutStars: sink.interaction(user: user, book: book, kind: .unrated, line: line)
            case .rejected(let reason): sink.reject(line: line, reason: reason, record: record())
            }
            if sink.isStopped { return }
        }
    }

    /// Reads the wanted elements of the current `review` (the first of a
    /// repeated path wins; `nil="true"` reads as empty), named by their path
    /// below it, leaving the reader on `</review>`.
    private static func readReview(
        _ xml: inout XMLStream
    ) throws(IngestError) -> [(name: String, text: String)] {
        var fields: [(name: String, text: String)] = []
        guard !xml.isEmptyElement else { return fields }
        let reviewDepth = xml.depth
        // The open elements between `review` and the current node.
        var path: [String] = []
        while try xml.advance() {
            if xml.nodeKind == .endElement, xml.depth == reviewDepth { return fields }
            guard xml.nodeKind == .element else { continue }
            path.removeLast(max(0, path.count - (xml.depth - reviewDepth - 1)))
            let name = xml.localName
            let key = (path + [name]).joined(separator: "/")
            if fieldPaths.contains(key), !fields.contains(where: { $0.name == key }) {
                let isNil = xml.attribute("nil") == "true"
                let text = try xml.readElementText()
                fields.append((name: key, text: isNil ? "" : text))
            } else if !xml.isEmptyElement {
                path.append(name)
            }
        }
        throw .malformed(path: xml.path, line: xml.line, reason: XMLLimits.endsInside("review"))
    }
}
