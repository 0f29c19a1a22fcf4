import Foundation
import Testing

@testable import BookRecommender

/// A shard's ingest (`Ingestor.shard`, for a run scoring one shard's readers
/// with a model file) keeps only its readers' rows, and everything else as
/// an ingest of every row has it: every reader and book with its index, every
/// file's and member's accounting, the rejects, and the readers' origins.
@Suite struct ShardIngestTests {
    /// Ratings for `csv`: readers on five stars with repeats, ids differing
    /// only in case, and two values off the scale, so that the file is read
    /// again (rolled back) once its scale is known.
    static let fiveStars: String = {
        var text = "user,item,rating\n"
        for row in 0..<300 { text += "r\(row % 37),b\(row % 23),\(row % 5 + 1)\n" }
        return text + "Ann,b1,4\nann,b2,5\nANN,b3,2\nann,b2,1\nr3,b4,7\nr4,b4,150\n"
    }()
    /// A ten-point file: its zeros are books read without stars.
    static let tenPoints = "user,item,rating\nr1,b1,8\nann,b2,0\nz9,b3,10\nr2,b3,0\nAnn,b9,6\n"

    /// The club (every export format, record by record, with a catalog) and
    /// `extra`, the generated files (read in batches on `threads` workers).
    static func ingest(shard: Shard?, threads: Int, extra: [String]) throws -> (Ingestor.Result, [RejectLog.Entry]) {
        let files =
            try InputExpansion.files(for: [IngestorTests.input.appendingPathComponent("club").path])
            + extra.map { InputFile(path: $0) }
        let rejects = RejectLog(streamingTo: nil, keep: 100)
        var ingestor = Ingestor(format: nil, columns: nil, policy: .skip, threads: threads)
        ingestor.shard = shard
        let result = try ingestor.ingest(
            files, catalogFile: InputFile(path: IngestorTests.input.appendingPathComponent("catalog.csv").path),
            rejects: rejects)
        return (result, rejects.first)
    }

    /// The rows of `data` whose reader's id `readers` takes, as text: rated
    /// or had, reader id, book key, value or tag; in order.
    static func rows(_ data: RatingData, of readers: (String) -> Bool = { _ in true }) -> [String] {
        let user = { (index: Int32) in data.userIDs[Int(index)] }
        let book = { (index: Int32) in data.itemKeys[Int(index)] }
        let ratings = data.ratingValue.indices.map { row in
            (
                user(data.ratingUser[row]),
                "rated \(user(data.ratingUser[row])) \(book(data.ratingItem[row])) \(data.ratingValue[row])"
            )
        }
        let shelves = data.shelfTag.indices.map { row in
            (
                user(data.shelfUser[row]),
                "has \(user(data.shelfUser[row])) \(book(data.shelfItem[row])) \(data.shelfTag[row])"
            )
        }
        return (ratings + shelves).filter { readers($0.0) }.map(\.1)
    }

    @Test(arguments: [1, 2])
    func eachShardKeepsItsReadersRowsAndAllTheRest(threads: Int) throws {
        let files = [TemporaryFile(Self.fiveStars, suffix: ".csv"), TemporaryFile(Self.tenPoints, suffix: ".csv")]
        defer { for file in files { file.remove() } }
        let extra = files.map(\.path)
        let (all, allRejects) = try Self.ingest(shard: nil, threads: threads, extra: extra)
        #expect(all.data.ratingCount > 300 && !all.data.shelfUser.isEmpty && allRejects.count > 2)
        #expect(all.files.last?.records.shelved == 2 && all.files[all.files.count - 2].records.rejected == 2)
        var kept = 0
        for index in 0..<3 {
            let shard = Shard(index: index, count: 3)
            let (part, rejects) = try Self.ingest(shard: shard, threads: threads, extra: extra)
            #expect(part.data.userIDs == all.data.userIDs && part.data.itemKeys == all.data.itemKeys)
            #expect(part.items == all.items && part.editions.workOf == all.editions.workOf)
            #expect(part.files == all.files && part.members == all.members && part.catalog == all.catalog)
            #expect(part.sameBook.joined == all.sameBook.joined && rejects == allRejects)
            // Only the shard's readers' rows, each as the full ingest has it, in the same order.
            let rows = Self.rows(part.data)
            #expect(rows == Self.rows(all.data, of: shard.contains(user:)))
            #expect(!rows.isEmpty && Self.rows(part.data, of: { !shard.contains(user: $0) }).isEmpty)
            kept += rows.count
        }
        #expect(kept == Self.rows(all.data).count)
    }

    /// A reader met as a member and as a user id of a many-reader file stops
    /// the run in every shard, whether or not the shard keeps that reader's rows.
    @Test func aClashIsFoundInEveryShard() throws {
        let many = TemporaryFile("user_id,book_id,rating\nbob,1,4\nalice,2,5\n", suffix: ".csv")
        defer { many.remove() }
        let alice = IngestorTests.input.appendingPathComponent("club/alice.csv").path
        let clash = IngestError.readerClash(id: "alice", memberFile: alice, manyReaderFile: many.path)
        let owners = (0..<3).filter { Shard(index: $0, count: 3).contains(user: "alice") }
        #expect(owners.count == 1)
        for index in 0..<3 {
            var ingestor = Ingestor(format: nil, columns: nil, policy: .skip)
            ingestor.shard = Shard(index: index, count: 3)
            #expect(throws: clash) {
                try ingestor.ingest(
                    [InputFile(path: alice), InputFile(path: many.path)], catalogFile: nil,
                    rejects: RejectLog(streamingTo: nil))
            }
        }
    }
}
