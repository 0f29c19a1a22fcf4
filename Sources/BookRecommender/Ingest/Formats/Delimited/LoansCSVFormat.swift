/// A library's circulation export (Koha, Evergreen and the like): one row
/// per loan, a patron and an item, usually with dates. Every row is a `loan`
/// interaction, so a patron who borrowed a book three times has three.
///
/// The patron is the first of `LoansColumns.patron` the header has (a
/// borrower number before a card number, which is reissued); the item the
/// most specific id of `LoansColumns.item` the row fills in. A barcode, item
/// number or biblionumber names a copy or record of the `--catalog`
/// (`barcode:…`, `itemnumber:…`, `biblionumber:…`), so every copy of a title
/// is one book; a loan of an item the catalog does not hold is rejected
/// (see `Catalog.resolve`). An ISBN column needs no catalog. Dates are not
/// read: every loan counts the same. Text must be UTF-8.
struct LoansCSVFormat: DelimitedFormat {
    let patron: Int
    /// The item columns, most specific first; each is a book space of its own.
    let items: [(index: Int, kind: LoansColumns.ItemKind)]

    /// The columns of the export `input` opened.
    /// - Throws: `IngestError.malformed` when the header lacks a patron or item column.
    init(_ input: borrowing DelimitedFile) throws(IngestError) {
        patron = try input.require("patron", LoansColumns.patron, found: LoansColumns.patronColumn(in: input.header))
        items = LoansColumns.itemColumns(in: input.header)
        _ = try input.require("item", LoansColumns.item.map(\.name), found: items.first?.index)
    }

    /// A book space per item column.
    var bookSpaces: Int { items.count }

    /// With one item column, a plain line is read from its bytes.
    var plainColumns: PlainColumns? {
        guard items.count == 1 else { return nil }
        return PlainColumns(user: patron, book: items[0].index, value: items[0].index, reading: .one(.loan))
    }

    /// Checks in this order: encoding (patron, every item column), patron, item.
    func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome {
        guard let user = keys.user(record.trimmedBytes(patron), .utf8),
            items.allSatisfy({ TextDecoding.utf8.canDecode(record.trimmedBytes($0.index)) })
        else { return .rejected(.invalidEncoding) }
        if case .new(let id) = user, id.isEmpty { return .rejected(.missingUser) }
        // The most specific id the row fills in: a barcode, else an item number, ….
        guard let space = items.firstIndex(where: { !record.trimmedBytes($0.index).isEmpty }) else {
            return .rejected(.noBookID)
        }
        guard let item = keys.book(record.trimmedBytes(items[space].index), space: space, .utf8) else {
            return .rejected(.invalidEncoding)
        }
        guard let book = item.book(space: space, { items[space].kind.book($0) }) else { return .rejected(.noBookID) }
        return .accepted(user: user, book: book, value: .interaction(.loan, count: 1))
    }
}
