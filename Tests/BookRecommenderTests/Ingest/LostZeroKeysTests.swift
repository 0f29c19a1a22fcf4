import Foundation
import Testing

@testable import BookRecommender

/// Keys that lost two zeros and fit two readings (`60002492`: `0060002492`
/// or `060002492X`): the file's own evidence, or a book the run holds whole,
/// chooses; each file counts what it repaired and what stays unrepairable.
@Suite struct LostZeroKeysTests {
    static let zeros = "9780060002497"  // 0060002492
    static let zerosAndX = "9780600024927"  // 060002492X

    /// Book-Crossing files of `rows` (`user;isbn;rating` each) read by the ingest, with `catalog` rows.
    static func ingest(_ files: [[String]], catalog: [String]? = nil) throws -> Ingestor.Result {
        let temporary = files.map {
            TemporaryFile((["\"User-ID\";\"ISBN\";\"Book-Rating\""] + $0).joined(separator: "\n"))
        }
        let catalogFile = catalog.map { TemporaryFile((["isbn,title,authors"] + $0).joined(separator: "\n")) }
        defer { (temporary + [catalogFile].compactMap { $0 }).forEach { $0.remove() } }
        return try Ingestor(format: .bookcrossing, columns: nil, policy: .skip).ingest(
            temporary.map { InputFile(path: $0.path) }, catalogFile: catalogFile.map { InputFile(path: $0.path) },
            rejects: RejectLog(streamingTo: nil))
    }

    static func key(of user: String, in result: Ingestor.Result) throws -> String {
        let index = try #require(result.data.userIDs.firstIndex(of: user))
        let rating = try #require(result.data.ratingUser.firstIndex(of: Int32(index)))
        return result.data.itemKeys[Int(result.data.ratingItem[rating])]
    }

    @Test func readingsOfADamagedKey() {
        #expect(ISBN.lostZeros("60002492") == .twoReadings(zeros: Self.zeros, zerosAndX: Self.zerosAndX))
        #expect(ISBN.lostZeros("\"6379702\"") == .twoReadings(zeros: "9780006379706", zerosAndX: "9780063797024"))
        #expect(ISBN.lostZeros("20103389") == .beyondRepair)
        #expect(ISBN.lostZeros("06514251") == nil, "one reading: normalize repairs it")
        #expect(ISBN.lostZeros("0345451040") == nil && ISBN.lostZeros("N3453124715") == nil)
        #expect(ISBN.normalize("60002492") == .invalid(raw: "60002492"))
    }

    @Test(arguments: [
        ("034545104X", true), ("\"034545104x\"", true), ("=\"0-345-45104-X\"", true), ("345451040X", false),
        ("0345451040", false), ("038549081X (pbk.)", true), ("9780345451040", false),
    ])
    func aWholeKeyWithALeadingZeroAndX(_ raw: String, _ kept: Bool) {
        #expect(ISBN.keepsLeadingZeroAndX(raw) == kept)
    }

    /// The file keeps `034545104X` whole, after the damaged key: no `X` was dropped there.
    @Test func theFilesXKeysChooseTheZerosOnlyReading() throws {
        let result = try Self.ingest([["u1;60002492;8", "u2;034545104X;0", "u3;06514251;5", "u4;20103389;6"]])
        #expect(try Self.key(of: "u1", in: result) == Self.zeros)
        #expect(!result.data.itemKeys.contains("bookcrossing:60002492"))
        #expect(result.items[result.data.itemKeys.firstIndex(of: Self.zeros)!].isbn13 == Self.zeros)
        #expect(result.files[0].isbnRepairs == ISBNRepairs(repaired: 2, unrepairable: 1, zeroAndXKept: true))
        #expect(result.totals == RecordCounts(read: 4, used: 3, shelved: 1, rejected: 0))
    }

    @Test func withoutEvidenceTheKeyStaysAsItWasRead() throws {
        let result = try Self.ingest([["u1;60002492;8", "u2;0345451040;0"]])
        #expect(try Self.key(of: "u1", in: result) == "bookcrossing:60002492")
        #expect(result.files[0].isbnRepairs == ISBNRepairs(repaired: 0, unrepairable: 1, zeroAndXKept: false))
    }

    /// Another file holds `0060002492` whole: one book, with both ratings.
    @Test func aKeyAnotherFileHoldsWholeChoosesAndJoins() throws {
        let result = try Self.ingest([["u1;60002492;8", "u1;0439023483;4"], ["u2;0060002492;6"]])
        #expect(try Self.key(of: "u1", in: result) == Self.zeros)
        #expect(try Self.key(of: "u2", in: result) == Self.zeros)
        #expect(result.data.itemKeys.sorted() == [Self.zeros, "9780439023481"])
        #expect(result.data.ratingValue.count == 3 && result.items.count == result.data.itemKeys.count)
        #expect(result.files.map(\.isbnRepairs?.repaired) == [1, 0])
        #expect(result.files.map(\.isbnRepairs?.unrepairable) == [0, 0])
    }

    /// The catalog has `060002492X`: the reading with the `X`, titled by the catalog.
    @Test func theCatalogCanChooseTheReadingWithX() throws {
        let result = try Self.ingest([["u1;60002492;8"]], catalog: ["060002492X,A Book With An X,Ann Author"])
        #expect(try Self.key(of: "u1", in: result) == Self.zerosAndX)
        #expect(result.items.first?.title == "A Book With An X" && result.items.first?.authors == ["Ann Author"])
        #expect(result.files[0].isbnRepairs?.repaired == 1)
    }

    @Test func bothReadingsHeldWholeChooseNothing() throws {
        let result = try Self.ingest([["u1;60002492;8"], ["u2;0060002492;6", "u3;060002492X;5"]])
        #expect(try Self.key(of: "u1", in: result) == "bookcrossing:60002492")
        #expect(result.files[0].isbnRepairs == ISBNRepairs(repaired: 0, unrepairable: 1, zeroAndXKept: false))
        #expect(result.files[1].isbnRepairs == ISBNRepairs(repaired: 0, unrepairable: 0, zeroAndXKept: true))
    }

    /// The hand-made spreadsheet copy keeps `034545104X` whole, so `6379702` is `0006379702`.
    @Test func theSpreadsheetCopyRepairsBothAmbiguousKeys() throws {
        let read = try FixtureRead("csv/bx-book-ratings_spreadsheet-mangled.csv")
        #expect(read.keys.contains("9780006379706") && !read.keys.contains("bookcrossing:6379702"))
        #expect(read.keys.contains("9780061054150") && !read.keys.contains("bookcrossing:61054151"))
        #expect(read.report.isbnRepairs == ISBNRepairs(repaired: 41, unrepairable: 2, zeroAndXKept: true))
    }
}
