import Foundation
import Testing

@testable import BookRecommender

/// One fixture file read as the job reads it (`InputExpansion`, then
/// `Ingestor` in `skip` mode on two threads), with what the tests ask of it.
struct FixtureRead {
    var report: FileReport
    var result: Ingestor.Result
    var rejects: RejectLog

    /// Reads the fixture `Fixtures/<name>`.
    init(
        _ name: String, format: InputFormat? = nil, columns: ColumnMap? = nil, scale: RatingScale? = nil
    ) throws {
        let path = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)").path
        rejects = RejectLog(streamingTo: nil, keep: 100)
        let files = try InputExpansion.files(for: [path], format: format, columns: columns)
        result = try Ingestor(format: format, columns: columns, ratingScale: scale, policy: .skip, threads: 2)
            .ingest(files, catalogFile: nil, rejects: rejects)
        report = try #require(result.files.first)
    }

    /// Every item key.
    var keys: Set<String> { Set(result.data.itemKeys) }
    /// Item keys of the ratings, in input order.
    var ratedKeys: [String] { result.data.ratingItem.map { result.data.itemKeys[Int($0)] } }
    /// Item keys of the shelf entries, in input order.
    var shelvedKeys: [String] { result.data.shelfItem.map { result.data.itemKeys[Int($0)] } }
}
