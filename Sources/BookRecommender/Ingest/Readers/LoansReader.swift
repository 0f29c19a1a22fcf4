/// Reads a library's circulation export (Koha, Evergreen and the like): one
/// row per loan, a patron and an item, usually with dates. Every row is a
/// `loan` interaction, so a patron who borrowed a book three times has three.
///
/// The patron is the first of `LoansColumns.patron` the header has (a
/// borrower number before a card number, which is reissued); the item the
/// first of `LoansColumns.item`. A barcode, item number or biblionumber names
/// a copy or record of the `--catalog` (`barcode:…`, `itemnumber:…`,
/// `biblionumber:…`), so every copy of a title is one book; a loan of an item
/// the catalog does not hold is rejected. An ISBN column needs no catalog.
/// Dates are not read: every loan counts the same. Text must be UTF-8.
package struct LoansReader: RatingReader {
    package init() {}

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or lacks a patron or item column.
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(file)
        let patron = try input.require(
            "patron", LoansColumns.patron, found: LoansColumns.patronColumn(in: input.header))
        let item = try input.require(
            "item", LoansColumns.item.map(\.name), found: LoansColumns.itemColumn(in: input.header)?.index)
        let itemKind = LoansColumns.itemColumn(in: input.header)?.kind ?? .isbn
        try input.forEachRecord(into: &sink) { record, sink in
            guard let patronID = record.text(patron, .utf8), let itemText = record.text(item, .utf8) else {
                sink.reject(line: record.line, reason: .invalidEncoding, record: record.rawText)
                return
            }
            guard !patronID.isEmpty else {
                sink.reject(line: record.line, reason: .missingUser, record: record.rawText)
                return
            }
            let book = itemKind.book(itemText)
            guard !book.isUnidentified else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            sink.interaction(user: patronID, book: book, kind: .loan, line: record.line)
        }
    }
}

/// The column names circulation exports use.
enum LoansColumns {
    /// What an item column names.
    enum ItemKind {
        /// A copy's barcode (Koha's `952 $p`).
        case barcode
        /// A copy's item number (Koha's `952 $9`, Evergreen's copy id).
        case itemNumber
        /// A title's record number (Koha's `999 $c`).
        case biblionumber
        case isbn

        /// The book a (trimmed) field of this kind names.
        func book(_ text: String) -> BookRef {
            guard !text.isEmpty else { return BookRef() }
            switch self {
            case .barcode: return BookRef(localID: "barcode:" + text, requiresCatalog: true)
            case .itemNumber: return BookRef(localID: "itemnumber:" + text, requiresCatalog: true)
            case .biblionumber: return BookRef(localID: "biblionumber:" + text, requiresCatalog: true)
            case .isbn: return RatingsCSVReader.isbnRef(text)
            }
        }
    }

    /// Patron columns, most stable id first.
    static let patron = ["borrowernumber", "patron_id", "patronid", "borrower_id", "usr", "cardnumber", "patron"]

    /// Item columns, most specific first.
    static let item: [(name: String, kind: ItemKind)] = [
        ("barcode", .barcode), ("item_barcode", .barcode), ("itemnumber", .itemNumber), ("target_copy", .itemNumber),
        ("copy_id", .itemNumber), ("biblionumber", .biblionumber), ("isbn", .isbn), ("isbn13", .isbn),
    ]

    static func patronColumn(in header: CSVHeader) -> Int? {
        header.index(likeAny: patron)
    }

    static func itemColumn(in header: CSVHeader) -> (index: Int, kind: ItemKind)? {
        for (name, kind) in item {
            if let index = header.index(likeAny: [name]) { return (index, kind) }
        }
        return nil
    }

    /// Whether `header` is a circulation export's: a patron and an item column, and no rating.
    static func matches(_ header: CSVHeader) -> Bool {
        patronColumn(in: header) != nil && itemColumn(in: header) != nil
            && RatingColumns.rating.index(in: header) == nil
    }
}
