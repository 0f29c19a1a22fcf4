import Foundation
import Testing

@testable import BookRecommender

/// Runs `Ingestor` on hostile files and checks the accounting every run must keep.
enum HostileIngest {
    /// What one ingest produced.
    struct Outcome {
        var result: Ingestor.Result
        var rejects: [RejectLog.Entry]
        var counts: RecordCounts { result.totals }
        var report: FileReport { result.files[0] }
    }

    /// A new empty folder under the temporary directory; remove it when done.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bookrec-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to `name` in a new folder and returns the file's path.
    static func write(_ bytes: [UInt8], named name: String) throws -> String {
        let url = try folder().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Ingests `paths` with `--on-bad-record skip`, then checks that nothing
    /// was lost: per file and in total, read = used + shelved + blank + rejected; one
    /// reject row per rejected record, each naming its file, a line (0 only
    /// for a file that could not be read or recognised at all) and a reason.
    static func ingest(
        _ paths: [String], format: InputFormat?, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        let rejects = RejectLog(streamingTo: nil, keep: 10_000)
        let result = try Ingestor(format: format, columns: nil, policy: .skip).ingest(
            paths.map { InputFile(path: $0) }, catalogFile: nil, rejects: rejects)
        #expect(result.files.count == paths.count, sourceLocation: sourceLocation)
        for file in result.files {
            #expect(file.records.balances, "\(file.path): \(file.records)", sourceLocation: sourceLocation)
            let rows = rejects.first.filter { $0.file == file.path }
            #expect(rows.count == file.records.rejected, "\(file.path)", sourceLocation: sourceLocation)
        }
        #expect(result.totals.balances, sourceLocation: sourceLocation)
        #expect(rejects.count == result.totals.rejected, sourceLocation: sourceLocation)
        #expect(result.data.ratingCount == result.totals.used, sourceLocation: sourceLocation)
        #expect(
            result.data.shelfUser.count == result.totals.shelved + result.sameBook.editionShelves,
            sourceLocation: sourceLocation)
        for entry in rejects.first {
            #expect(paths.contains(entry.file), sourceLocation: sourceLocation)
            #expect(!entry.reason.description.isEmpty, sourceLocation: sourceLocation)
            let wholeFile = result.files.first { $0.path == entry.file }?.error != nil
            #expect(entry.line >= (wholeFile ? 0 : 1), "\(entry)", sourceLocation: sourceLocation)
        }
        return Outcome(result: result, rejects: rejects.first)
    }

    /// The `IngestError` that `--on-bad-record fail` stops with, or nil when it does not stop.
    static func failure(_ paths: [String], format: InputFormat?) -> IngestError? {
        do {
            _ = try Ingestor(format: format, columns: nil, policy: .fail).ingest(
                paths.map { InputFile(path: $0) }, catalogFile: nil, rejects: RejectLog(streamingTo: nil))
            return nil
        } catch {
            return error
        }
    }
}
