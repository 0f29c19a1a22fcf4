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
/// The root's optional `scale` is `5` (five stars, the default) or `10`.
/// Only `rating` children of the root are read; other elements inside
/// `ratings`, and anything nested deeper, are ignored. A `rating` with no user,
/// no usable book id, or a value that is not a number on the scale is sent to
/// `sink.reject` as the re-serialised element, and reading goes on.
///
/// `read(_:into:)` serves any `RecordSink` on `XMLStreamReader`, one `String`
/// per attribute; `Ingestor` takes `read(_:into:threads:)`, the same result
/// from the attribute bytes, on several threads.
public struct RatingsXMLReader: RatingReader {
    public init() {}

    /// Streams every `rating` of `file` into `sink`, stopping early once the
    /// sink is stopped.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when the XML is broken or truncated (ratings before the
    ///   break were already sent), the root is not `ratings`, its `scale` is
    ///   not 5 or 10, or `XMLStreamReader` refuses the document.
    public func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var xml = try XMLStreamReader(path: file.path)
        let scale = try Self.readRoot(&xml)
        while try xml.advance() {
            guard xml.nodeKind == .element, xml.depth == 1, xml.localName == "rating" else { continue }
            let line = xml.line
            let attributes = xml.attributes()
            switch Self.parse(attributes, scale: scale) {
            case .rating(let user, let book, let value):
                sink.rating(user: user, book: book, value: value, line: line)
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
        case reject(RejectReason)
    }

    /// Moves to the root element, checks it is `ratings` and reads its scale.
    static func readRoot(_ xml: inout XMLStreamReader) throws(IngestError) -> RatingScale {
        while try xml.advance() {
            guard xml.nodeKind == .element else { continue }
            guard xml.localName == "ratings" else {
                throw .malformed(
                    path: xml.path, line: xml.line, reason: "root element is <\(xml.localName)>, expected <ratings>")
            }
            switch xml.attribute("scale")?.trimmingCharacters(in: .whitespaces) {
            case nil, "5": return .fiveStars
            case "10": return .tenPoints
            case let other?:
                throw .malformed(path: xml.path, line: xml.line, reason: "scale=\"\(other)\" is not 5 or 10")
            }
        }
        throw .malformed(path: xml.path, line: 1, reason: "the document has no root element")
    }

    /// The rating or reject one `rating` element's attributes (named as
    /// `XMLStreamReader.attributes()` names them) make on `scale`.
    static func parse(_ attributes: [(name: String, value: String)], scale: RatingScale) -> Outcome {
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
        guard let number = Float(raw) else { return .reject(.ratingNotANumber(raw)) }
        guard let rating = scale.normalize(number) else { return .reject(.ratingOffScale(raw)) }
        return .rating(user: user, book: book, value: rating)
    }
}
