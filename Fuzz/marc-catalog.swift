// libFuzzer target `marc-catalog`: a MARC 21 XML `--catalog`, read through
// `CatalogParser` as the job reads it. A document refused at its root may throw;
// anything read must balance (read = used + rejected), every reject names a
// line and a reason, every reject row is a rejected record or a clash, and every
// entry has an id, a title and, when it has an ISBN-13, a valid one.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let file = InputFile(path: FuzzHarness.write(data, size, named: "catalog.xml"))
    var catalog = Catalog()
    var rejects: [(line: Int, reason: RejectReason)] = []
    let counts: RecordCounts
    do {
        counts = try CatalogParser().read(file, into: &catalog) { line, reason, _ in rejects.append((line, reason)) }
    } catch {
        FuzzHarness.require(catalog.isEmpty, "a refused catalog kept \(catalog.entries.count) entries")
        FuzzHarness.require(error.description.hasPrefix(file.path), "the error does not name the file: \(error)")
        return 0
    }
    FuzzHarness.require(counts.balances && counts.shelved == 0, "counts do not balance: \(counts)")
    FuzzHarness.require(catalog.entries.count == counts.used, "\(catalog.entries.count) entries for \(counts)")
    FuzzHarness.require(
        rejects.count == counts.rejected + catalog.counts.clashes,
        "\(rejects.count) reject rows for \(counts.rejected) rejects and \(catalog.counts.clashes) clashes")
    FuzzHarness.require(catalog.counts.withoutISBN <= counts.used, "more without ISBN than used")
    for reject in rejects {
        FuzzHarness.require(reject.line >= 0 && !reject.reason.description.isEmpty, "a reject lacks line or reason")
    }
    for entry in catalog.entries {
        FuzzHarness.require(!entry.bookID.isEmpty && !entry.title.isEmpty, "an entry lacks an id or title")
        if let isbn = entry.isbn13 {
            FuzzHarness.require(ISBN.normalize(isbn) == .isbn13(isbn, repaired: false), "\(isbn) is not an ISBN-13")
        }
        FuzzHarness.require(catalog.entry(forItemKey: entry.itemKey) != nil, "\(entry.itemKey) does not resolve")
    }
    return 0
}
