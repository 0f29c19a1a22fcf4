/// Reads a library's circulation export (Koha, Evergreen and the like): one
/// row per loan, a patron and an item, usually with dates. Every row is a
/// `loan` interaction, so a patron who borrowed a book three times has three.
///
/// The patron is the first of `LoansColumns.patron` the header has (a
/// borrower number before a card number, which is reissued); the item the
/// most specific id of `LoansColumns.item` the row fills in. A barcode, item number or biblionumber names
/// a copy or record of the `--catalog` (`barcode:…`, `itemnumber:…`,
/// `biblionumber:…`), so every copy of a title is one book; a loan of an item
/// the catalog does not hold is rejected. An ISBN column needs no catalog.
/// Dates are not read: every loan counts the same. Text must be UTF-8.
struct LoansReader: RatingReader {
    package init() {}

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or lacks a patron or item column.
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(file)
        let patron = try input.require(
            "patron", LoansColumns.patron, found: LoansColumns.patronColumn(in: input.header))
        let items = LoansColumns.itemColumns(in: input.header)
        _ = try input.require("item", LoansColumns.item.map(\.name), found: items.first?.index)
        try input.forEachRecord(into: &sink) { record, sink in
            let ids = items.map { column in record.text(column.index, .utf8).map { (column.kind, $0) } }
            guard let patronID = record.text(patron, .utf8), ids.allSatisfy({ $0 != nil }) else {
                sink.reject(line: record.line, reason: .invalidEncoding, record: record.rawText)
                return
            }
            guard !patronID.isEmpty else {
                sink.reject(line: record.line, reason: .missingUser, record: record.rawText)
                return
            }
            // The most specific id the row fills in: a barcode, else an item number, ….
            guard let (kind, id) = ids.lazy.compactMap({ $0 }).first(where: { !$0.1.isEmpty }) else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            sink.interaction(user: patronID, book: kind.book(id), kind: .loan, line: record.line)
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

    /// Every item column of `header`, most specific first.
    static func itemColumns(in header: CSVHeader) -> [(index: Int, kind: ItemKind)] {
        item.compactMap { name, kind in header.index(likeAny: [name]).map { ($0, kind) } }
    }

    /// Whether `header` is a circulation export's: a patron and an item column, and no rating.
    static func matches(_ header: CSVHeader) -> Bool {
        patronColumn(in: header) != nil && !itemColumns(in: header).isEmpty
            && RatingColumns.rating.index(in: header) == nil
    }
}
