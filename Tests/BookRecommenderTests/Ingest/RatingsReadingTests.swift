import Foundation
import Testing

@testable import BookRecommender

/// `Ratings.read`, the library's way in for exports: the same ratings `bookrec`
/// ingests from the same inputs, and a model fitted on them.
@Suite struct RatingsReadingTests {
    static let input = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("input")

    @Test func theDemoClubReadsAsIngestReadsIt() throws {
        let club = Self.input.appendingPathComponent("club").path
        let catalog = Self.input.appendingPathComponent("catalog.csv").path
        let (ratings, records) = try Ratings.read([club], catalog: catalog)

        let files = try InputExpansion.files(for: [club])
        let ingested = try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            files, catalogFile: InputFile(path: catalog), rejects: RejectLog(streamingTo: nil))
        #expect(records == ingested.totals)
        #expect(records.balances && records.used == ratings.count)
        #expect(ratings.data.userIDs == ingested.data.userIDs)
        #expect(ratings.data.itemKeys == ingested.data.itemKeys)
        #expect(ratings.fingerprint == Ratings(data: ingested.data, items: ingested.items).fingerprint)

        let model = try BookModel.fit(ratings, options: ModelOptions())
        #expect(model.readerIDs == ingested.data.userIDs)
        #expect(model.bookKeys.count == ingested.data.itemCount)
    }

    @Test func aMissingInputIsNamed() {
        #expect(throws: IngestError.cannotRead(path: "/nonexistent/club", reason: "no such file or folder")) {
            _ = try Ratings.read(["/nonexistent/club"])
        }
    }
}
