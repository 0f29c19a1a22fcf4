import Foundation
import Testing

@testable import BookRecommender

/// The library sample's `loans.csv` read with its MARC 21 catalog: every row a
/// `loan`, each loan its own record, loans of copies the catalog does not
/// hold rejected with their line.
@Suite struct LoansCSVFormatTests {
    static let loans = LibrarySampleTests.folder.appendingPathComponent("loans.csv").path

    /// `loans.csv` read as the job reads it, with `catalog.xml`.
    static func ingest(threads: Int = 2) throws -> (result: Ingestor.Result, rejects: RejectLog) {
        let rejects = RejectLog(streamingTo: nil, keep: 100)
        let result = try Ingestor(format: nil, columns: nil, policy: .skip, threads: threads).ingest(
            InputExpansion.files(for: [loans]), catalogFile: InputFile(path: LibrarySampleTests.catalog),
            rejects: rejects)
        return (result, rejects)
    }

    /// Each `(patron, book key)` of the loans, in input order.
    static func loanPairs(_ result: Ingestor.Result) -> [(patron: String, book: String)] {
        zip(result.data.shelfUser, result.data.shelfItem).map {
            (result.data.userIDs[Int($0)], result.data.itemKeys[Int($1)])
        }
    }

    /// 375 rows: 373 loans of 40 patrons (every one a `loan`, none a rating), 2 rejected.
    @Test func everyLoanIsALoanInteraction() throws {
        let (result, _) = try Self.ingest()
        let report = try #require(result.files.first)
        #expect(report.format == .loans)
        #expect(
            report.records
                == RecordCounts(
                    read: 375, used: 0, shelved: 373, rejected: 2, interactions: InteractionCounts([.loan: 373])))
        #expect(report.records.balances)
        #expect(result.data.ratingValue.isEmpty)
        #expect(result.data.shelfTag.count == 373)
        #expect(result.data.shelfTag.allSatisfy { $0.kind == .loan && $0.count == 1 })
        #expect(result.data.userCount == 40 && result.data.itemCount == 23)
        // Every copy resolves to its record: ISBN-13s, and the pamphlet without an ISBN by its 001.
        let keys = Set(result.data.itemKeys)
        #expect(keys.contains("23") && keys.subtracting(["23"]).allSatisfy { $0.count == 13 && $0.hasPrefix("978") })
        // A loan named by biblionumber only (line 188) and one by item number only (line 363): The giver.
        let pairs = Self.loanPairs(result)
        #expect(
            pairs.contains { $0.patron == "2" && $0.book == "9780385732550" }
                && pairs.contains { $0.patron == "1" && $0.book == "9780385732550" })
    }

    /// 17 times a patron borrowed the same copy twice: both loans are records
    /// of their own (356 patron–title pairs for 373 loans).
    @Test func repeatedLoansOfOneCopyAreSeparateRecords() throws {
        let (result, _) = try Self.ingest()
        var times: [String: Int] = [:]
        for (patron, book) in Self.loanPairs(result) { times["\(patron) \(book)", default: 0] += 1 }
        #expect(times.count == 356)
        #expect(times.values.filter { $0 == 2 }.count == 17 && times.values.allSatisfy { $0 <= 2 })
        // Patron 31 borrowed barcode 39000000123421 (A game of thrones) twice.
        #expect(times["31 9780553588484"] == 2)
    }

    @Test func loansOfCopiesTheCatalogDoesNotHoldAreRejectedNamingFileAndLine() throws {
        let (_, rejects) = try Self.ingest()
        #expect(rejects.count == 2)
        #expect(rejects.first.map(\.file) == [Self.loans, Self.loans])
        #expect(rejects.first.map(\.line) == [89, 283])
        #expect(
            rejects.first.map(\.reason) == [
                .notInCatalog("barcode:3900000012345"), .notInCatalog("barcode:39000000999901"),
            ])
        #expect(rejects.first.allSatisfy { $0.reason.description.contains("is not in the catalog") })
    }

    /// One thread or two, the loans read the same.
    @Test func theThreadCountChangesNothing() throws {
        let (one, _) = try Self.ingest(threads: 1)
        let (two, _) = try Self.ingest(threads: 2)
        #expect(one.data.userIDs == two.data.userIDs && one.data.itemKeys == two.data.itemKeys)
        #expect(one.data.shelfUser == two.data.shelfUser && one.data.shelfItem == two.data.shelfItem)
        #expect(one.data.shelfTag == two.data.shelfTag && one.files == two.files)
    }
}

/// The library sample's loans read in chunks on several threads, each parser
/// numbering patrons and copies of its own, give what one parser gives.
@Suite struct LoansChunkTests {
    @Test func loansReadTheSameInAnyChunks() throws {
        var catalog = Catalog()
        _ = try CatalogParser().read(InputFile(path: LibrarySampleTests.catalog), into: &catalog) { _, _, _ in }
        let whole = try IngestSnapshot.read(LoansCSVFormatTests.loans, .whole, format: .loans, catalog: catalog)
        #expect(
            whole.counts
                == RecordCounts(
                    read: 375, used: 0, shelved: 373, rejected: 2, interactions: InteractionCounts([.loan: 373])))
        #expect(whole.rejects.map(\.line) == [89, 283] && whole.userIDs.count == 40 && whole.itemKeys.count == 23)
        for path in IngestSnapshot.bytePaths {
            let snapshot = try IngestSnapshot.read(LoansCSVFormatTests.loans, path, format: .loans, catalog: catalog)
            #expect(snapshot == whole, "\(path)")
        }
    }
}
