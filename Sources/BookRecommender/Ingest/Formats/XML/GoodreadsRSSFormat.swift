import Foundation

/// Reads a Goodreads shelf RSS feed (`rss/channel/item`), one person's shelf;
/// the user is the file's member (`InputFile.member`: `alice.xml` → `alice`).
///
/// Per `item`: `book_id` becomes the local id `goodreads:<id>`, `isbn` (an
/// ISBN-10, often empty) the ISBN-13, `title` and `author_name` the title and
/// author. A `user_rating` of 1–5 is a rating; 0 (or none) means the book is
/// an interaction of the kind the first shelf `user_shelves` lists names (read, currently-reading,
/// to-read). The `description` blob, covers, dates and the nested
/// `book`/`num_pages` element are not read. An item without a book id or a
/// valid ISBN, or with a rating that is not 0–5, is sent to `sink.reject`.
struct GoodreadsRSSFormat: FileParser {
    init() {}

    /// The item elements this reader uses; every other child of `item` is skipped.
    private static let fieldNames: Set = ["book_id", "isbn", "title", "author_name", "user_rating", "user_shelves"]
    /// Goodreads stars: whole numbers 1–5.
    private static let scale = InputFormat.goodreadsRSS.fixedScale!

    /// Streams every `item` of `file` into `sink`, stopping early once the sink
    /// is stopped.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when the XML is broken or truncated (items before the
    ///   break were already sent), the root is not `rss`, or `XMLStream`
    ///   refuses the document.
    func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var xml = try XMLStream(path: file.path)
        try xml.enterRoot(named: "rss")
        let user = file.member
        while try xml.advance() {
            guard xml.nodeKind == .element, xml.depth == 2, xml.localName == "item" else { continue }
            let line = xml.line
            let fields = try Self.readItem(&xml)
            func field(_ name: String) -> String {
                (fields.first { $0.name == name }?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let book = BookRef(
                isbn13: ISBN.normalize(field("isbn")).isbn13,
                localID: field("book_id").isEmpty ? nil : "goodreads:\(field("book_id"))",
                title: field("title").isEmpty ? nil : field("title"),
                authors: field("author_name").isEmpty ? [] : [field("author_name")])
            let rawRating = field("user_rating")
            let record = { XMLMarkup.element("item", children: fields) }
            if user.isEmpty {
                sink.reject(line: line, reason: .missingUser, record: record())
            } else if book.isUnidentified {
                sink.reject(line: line, reason: .noBookID, record: record())
            } else if rawRating.isEmpty || Float(rawRating) == 0 {
                sink.interaction(
                    user: user, book: book, kind: InteractionKind.firstShelf(in: field("user_shelves")) ?? .unrated,
                    line: line)
            } else if let number = Float(rawRating) {
                if let value = Self.scale.normalize(number) {
                    sink.rating(user: user, book: book, value: value, line: line)
                } else {
                    sink.reject(line: line, reason: .ratingOffScale(rawRating), record: record())
                }
            } else {
                sink.reject(line: line, reason: .ratingNotANumber(rawRating), record: record())
            }
            if sink.isStopped { return }
        }
    }

    /// Reads the wanted children of the current `item`, in document order (the
    /// first of a repeated name wins), leaving the reader on `</item>`.
    private static func readItem(_ xml: inout XMLStream) throws(IngestError) -> [(name: String, text: String)] {
        var fields: [(name: String, text: String)] = []
        guard !xml.isEmptyElement else { return fields }
        let itemDepth = xml.depth
        while try xml.advance() {
            if xml.nodeKind == .endElement, xml.depth == itemDepth { return fields }
            guard xml.nodeKind == .element, xml.depth == itemDepth + 1 else { continue }
            let name = xml.localName
            guard fieldNames.contains(name), !fields.contains(where: { $0.name == name }) else { continue }
            fields.append((name: name, text: try xml.readElementText()))
        }
        throw .malformed(path: xml.path, line: xml.line, reason: XMLLimits.endsInside("item"))
    }
}
