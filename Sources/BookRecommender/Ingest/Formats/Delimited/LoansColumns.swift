/// The column names circulation exports use.
enum LoansColumns {
    /// What an item column names.
    enum ItemKind: Sendable {
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
            case .isbn: return BookRef(isbnField: text)
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
