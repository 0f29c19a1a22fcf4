import Foundation

/// Reads the `ratings-xml` format:
///
/// ```xml
/// <ratings scale="10">
///   <rating user="u1" isbn="0-439-02348-3" value="8" title="…" author="…"/>
///   <rating user="u2" book="b17" value="4"/>
/// </ratings>
/// ```
///
/// `isbn` (ISBN-10 or ISBN-13, hyphens allowed) and/or `book` (a non-ISBN id,
/// kept as `BookRef.localID`) name the book; `title` and `author` are optional.
/// The scale is the one given, else the root's optional `scale` (`5` or `10`),
/// else it is detected: values are then sent as they are, for the sink to put
/// on the common scale once the file is read. A `0` on a scale whose lowest
/// rating is above 0 is an `unrated` interaction. Only `rating` children of the root are
/// read; other elements inside `ratings`, and anything nested deeper, are
/// ignored. A `rating` with no user, no usable book id, or a value that is not
/// a number on the scale is sent to `sink.reject` as the re-serialised
/// element, and reading goes on.
///
/// `read(_:into:)` serves any `RecordSink` on `XMLStream`, one `String`
/// per attribute; `Ingestor` takes `read(_:into:threads:)`, the same result
/// from the attribute bytes, on several threads.
struct RatingsXMLFormat: FileParser {
    /// The scale of the file's ratings, over the root's `scale`; nil takes the
    /// root's, or detects it (see `IngestSink.beginScaleDetection()`).
    var scale: RatingScale?

    init(scale: RatingScale? = nil) {
        self.scale = scale
    }

    /// The scale the root element of `file` states, if it states one.
    /// - Throws: `IngestError` as `read(_:into:)` does for the root.
    static func declaredScale(of file: InputFile) throws(IngestError) -> RatingScale? {
        var xml = try XMLStream(path: file.path)
        return try readRoot(&xml)
    }

    /// Streams every `rating` of `file` into `sink`, stopping early once the
    /// sink is stopped.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when the XML is broken or truncated (ratings before the
    ///   break were already sent), the root is not `ratings`, its `scale` is
    ///   not 5 or 10, or `XMLStream` refuses the document.
    func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var xml = try XMLStream(path: file.path)
        let declared = try Self.readRoot(&xml)
        let field = Self.ratingField(scale: scale ?? declared)
        while try xml.advance() {
            guard xml.nodeKind == .element, xml.depth == 1, xml.localName == "rating" else { continue }
            let line = xml.line
            let attributes = xml.attributes()
            switch Self.parse(attributes, rating: field) {
            case .rating(let user, let book, let value):
                sink.rating(user: user, book: book, value: value, line: line)
            case .withoutStars(let user, let book):
                sink.interaction(user: user, book: book, kind: .unrated, line: line)
            case .reject(let reason):
                sink.reject(
                    line: line, reason: reason, record: XMLMarkup.emptyElement("rating", attributes: attributes))
            }
            if sink.isStopped { return }
        }
    }

    /// What one `rating` element is.
    enum Outcome {
        case rating(user: String, book: BookRef, value: Float)
        case withoutStars(user: String, book: BookRef)
        case reject(RejectReason)
    }

    /// The rule for the `value` attribute on `scale` (nil: being detected,
    /// values kept as they are): a 0 is an interaction without stars unless the scale
    /// starts at 0.
    static func ratingField(scale: RatingScale?) -> RatingField {
        RatingField(column: 0, scale: scale, unrated: scale?.zeroIsUnrated ?? true ? .zero : [])
    }

    /// Moves to the root element, checks it is `ratings` and reads its scale, if it states one.
    static func readRoot(_ xml: inout XMLStream) throws(IngestError) -> RatingScale? {
        try xml.enterRoot(named: "ratings")
        switch xml.attribute("scale")?.trimmingCharacters(in: .whitespaces) {
        case nil: return nil
        case "5": return .fiveStars
        case "10": return .tenPoints
        case let other?:
            throw .malformed(path: xml.path, line: xml.line, reason: "scale=\"\(other)\" is not 5 or 10")
        }
    }

    /// The rating, interaction or reject one `rating` element's attributes
    /// (named as `XMLStream.attributes()` names them) make under `rating`.
    static func parse(_ attributes: [(name: String, value: String)], rating: RatingField) -> Outcome {
        func value(_ name: String) -> String {
            (attributes.first { $0.name == name }?.value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let user = value("user")
        guard !user.isEmpty else { return .reject(.missingUser) }
        let isbn = ISBN.normalize(value("isbn"))
        let asin: String? = if case .asin(let asin) = isbn { "asin:" + asin } else { nil }
        let book = BookRef(
            isbn13: isbn.isbn13,
            localID: value("book").isEmpty ? asin : value("book"),
            title: value("title").isEmpty ? nil : value("title"),
            authors: value("author").isEmpty ? [] : [value("author")])
        guard !book.isUnidentified else { return .reject(.noBookID) }
        let raw = value("value")
        let outcome = Array(raw.utf8).withUnsafeBufferPointer { rating.value(of: $0) }
        switch outcome {
        case .rating(let value): return .rating(user: user, book: book, value: value)
        case .withoutStars: return .withoutStars(user: user, book: book)
        case .rejected(let reason): return .reject(reason)
        }
    }
}
