import Foundation
import Testing

@testable import BookRecommender

/// A member (named after a per-person export) and a user id of a many-reader
/// file spelled alike are two people: the run stops rather than merge them.
@Suite struct ReaderOriginsTests {
    static let alice = IngestorTests.input.appendingPathComponent("club/alice.csv")

    func ingest(_ files: [URL]) throws(IngestError) -> Ingestor.Result {
        try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            files.map { InputFile(path: $0.path) }, catalogFile: nil, rejects: RejectLog(streamingTo: nil))
    }

    func folder(with files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("origins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test(arguments: [false, true]) func aMemberAndAUserIDSpelledAlikeStopTheRun(manyReaderFirst: Bool) throws {
        let folder = try folder(with: ["many.csv": "user_id,book_id,rating\nbob,1,4\nalice,2,5\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let many = folder.appendingPathComponent("many.csv")
        let clash = IngestError.readerClash(id: "alice", memberFile: Self.alice.path, manyReaderFile: many.path)
        #expect(throws: clash) { try ingest(manyReaderFirst ? [many, Self.alice] : [Self.alice, many]) }
        #expect(clash.description.contains("two people are never merged"))
    }

    @Test func manyReaderFilesSharingIdsAreOneDataSet() throws {
        let folder = try folder(with: [
            "part1.csv": "user_id,book_id,rating\nbob,1,4\ncarla,2,5\n",
            "part2.csv": "user_id,book_id,rating\ncarla,3,2\nbob,2,3\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ingest([
            Self.alice, folder.appendingPathComponent("part1.csv"), folder.appendingPathComponent("part2.csv"),
        ])
        #expect(result.data.userIDs == ["alice", "bob", "carla"])
        #expect(result.data.ratingCount == 14 + 4)
    }
}
