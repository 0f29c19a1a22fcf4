@testable import BookRecommender

/// What reading a ratings XML file into a fresh `IngestSink` gives: everything
/// the sink holds, every reject, and the error the read threw, if any. Two
/// reads agree when their outcomes are equal.
struct XMLReadOutcome: Equatable {
    /// How the file is read.
    enum Route: CustomStringConvertible {
        /// `RatingsXMLFormat.read(_:into:)` on `XMLStream`, one `String` per attribute.
        case strings
        /// The byte-level read with this many threads, piece sizes and batch size.
        case bytes(threads: Int, pieceBytes: ClosedRange<Int>, batchRecords: Int)

        var description: String {
            switch self {
            case .strings: "strings"
            case .bytes(let threads, let pieceBytes, let batchRecords): "bytes \(threads) \(pieceBytes) \(batchRecords)"
            }
        }
    }

    var snapshot: IngestSnapshot
    var error: IngestError?

    /// Reads `path` along `route`.
    static func read(_ path: String, _ route: Route, policy: BadRecordPolicy = .skip) -> XMLReadOutcome {
        let log = RejectLog(streamingTo: nil, keep: 100_000)
        var sink = IngestSink(catalog: Catalog(), policy: policy, rejects: log)
        sink.path = path
        var error: IngestError?
        do throws(IngestError) {
            switch route {
            case .strings:
                try RatingsXMLFormat().read(InputFile(path: path), into: &sink)
            case .bytes(let threads, let pieceBytes, let batchRecords):
                try RatingsXMLFormat().read(
                    InputFile(path: path), into: &sink, threads: threads, pieceBytes: pieceBytes,
                    batchRecords: batchRecords)
            }
        } catch let caught {
            error = caught
        }
        return XMLReadOutcome(snapshot: IngestSnapshot(sink, rejects: log), error: error)
    }

    /// The byte-level routes worth comparing with the `String` one: 1 to 4
    /// threads, pieces from one line each to the default size, batches from a
    /// few records to the default.
    static let byteRoutes: [Route] =
        [1, 2, 3, 4].flatMap { threads in
            [1...1, 16...16, 64...64, ChunkPipeline.pieceBytes].map { pieceBytes in
                Route.bytes(threads: threads, pieceBytes: pieceBytes, batchRecords: 3)
            }
        } + [
            .bytes(threads: 1, pieceBytes: ChunkPipeline.pieceBytes, batchRecords: ChunkPipeline.batchRecords)
        ]
}
