import Foundation
import Testing

@testable import BookRecommender

/// The library sample in `input/library/` (written by
/// `scripts/make-library-sample.py`): its catalog, and its loans' copies.
@Suite struct LibrarySampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("input/library")
    static let catalog = folder.appendingPathComponent("catalog.xml").path

    @Test func everyRecordIsAnEntryWithItsCopies() throws {
        let read = try MARCFixture(path: Self.catalog)
        #expect(read.counts == RecordCounts(read: 23, used: 23, shelved: 0, rejected: 0))
        #expect(read.rejects.isEmpty)
        #expect(read.catalog.counts == CatalogCounts(withoutISBN: 1, copies: 42, clashes: 0))
        let first = try #require(read.catalog.entries.first)
        #expect(
            first
                == Catalog.Entry(
                    bookID: "1", isbn13: "9780439023481", title: "The hunger games", authors: ["Suzanne Collins"],
                    year: 2008))
        for id in ["barcode:39000000123401", "barcode:39000000123403", "itemnumber:2", "biblionumber:1", "1"] {
            #expect(read.entry(id) == first, "\(id)")
        }
        let titles = Dictionary(uniqueKeysWithValues: read.catalog.entries.map { ($0.bookID, $0) })
        // 020 $z (a sequel's ISBN) comes first and is never read.
        #expect(titles["4"]?.isbn13 == "9780062024039")
        #expect(titles["6"]?.title == "Nineteen eighty-four: a novel")
        #expect(titles["9"]?.authors == ["J. R. R. Tolkien"])
        #expect(titles["11"]?.authors == ["George R. R. Martin"])
        #expect(titles["16"]?.authors == ["Charlotte Brontë"])
        #expect(titles["23"]?.isbn13 == nil)
        #expect(titles["23"]?.itemKey == "23")
        #expect(titles["23"]?.authors == [])
        #expect(read.catalog.entries.allSatisfy { !$0.title.hasSuffix("/") && !$0.title.hasSuffix(":") })
        #expect(read.catalog.entries.allSatisfy { $0.year != nil })
    }

    /// Every loan of `loans.csv` names a copy of the catalog by barcode, item
    /// number or biblionumber, but for the two of copies it does not hold.
    @Test func everyLoanButTwoNamesACopy() throws {
        let read = try MARCFixture(path: Self.catalog)
        let text = try String(contentsOf: Self.folder.appendingPathComponent("loans.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(
            lines.removeFirst().joined(separator: ",") == "borrowernumber,cardnumber,barcode,itemnumber,"
                + "biblionumber,issuedate,returndate")
        var unknown: [String] = []
        for fields in lines {
            let ids = zip(["barcode", "itemnumber", "biblionumber"], fields[2...4]).filter { !$0.1.isEmpty }
            let entries = ids.map { read.entry("\($0.0):\($0.1)") }
            if entries.contains(nil) { unknown.append(String(fields[2])) }
            #expect(Set(entries.map { $0?.bookID }).count == 1, "\(fields)")
        }
        #expect(unknown == ["3900000012345", "39000000999901"])
        #expect(Set(lines.map { $0[0] }).count == 40)
    }

    @Test func copiesOfOneTitleAreOneBookInIngest() throws {
        let ratings = TemporaryFile(
            "user_id,book_id,rating\np1,barcode:39000000123401,5\np2,barcode:39000000123402,4\n"
                + "p2,itemnumber:3,4\np3,biblionumber:1,3\np3,barcode:39000000123442,5\np4,23,4\n")
        defer { ratings.remove() }
        let result = try Ingestor(format: nil, columns: nil, policy: .fail).ingest(
            [InputFile(path: ratings.path)], catalogFile: InputFile(path: Self.catalog),
            rejects: RejectLog(streamingTo: nil))
        #expect(result.catalog == RecordCounts(read: 23, used: 23, shelved: 0, rejected: 0))
        #expect(result.data.itemKeys == ["9780439023481", "23"])
        #expect(
            result.items.map(\.title) == [
                "The hunger games", "Walking the old mill trails: a guide to the Ashdown valley",
            ])
        #expect(result.items.first?.authors == ["Suzanne Collins"])
    }
}
