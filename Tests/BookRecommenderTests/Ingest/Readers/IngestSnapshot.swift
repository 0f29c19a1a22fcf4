@testable import BookRecommender

/// Everything an `IngestSink` holds after reading, and every reject logged:
/// two reads of a file agree when their snapshots are equal.
struct IngestSnapshot: Equatable {
    /// How a ratings file is read into the sink.
    enum Path: CustomStringConvertible {
        /// `RatingsCSVReader.read(_:into:)`, one `String` per field.
        case strings
        /// The byte-level path with this many threads, chunk sizes and batch size.
        case bytes(threads: Int, chunkBytes: ClosedRange<Int>, batchRecords: Int)

        var description: String {
            switch self {
            case .strings: "strings"
            case .bytes(let threads, let chunkBytes, let batchRecords): "bytes \(threads) \(chunkBytes) \(batchRecords)"
            }
        }
    }

    var userIDs: [String]
    var itemKeys: [String]
    var ratingUser: [Int32]
    var ratingItem: [Int32]
    var ratingValue: [Float]
    var shelfUser: [Int32]
    var shelfItem: [Int32]
    var items: [ItemInfo]
    var counts: RecordCounts
    var stoppedAt: Int?
    var rejects: [RejectLog.Entry]

    /// Reads `path` (a generic ratings file) along `route` into a fresh sink.
    static func read(
        _ path: String, _ route: Path, reader: RatingsCSVReader = RatingsCSVReader(), catalog: Catalog = Catalog(),
        policy: BadRecordPolicy = .skip
    ) throws -> IngestSnapshot {
        let log = RejectLog(streamingTo: nil, keep: 100_000)
        var sink = IngestSink(catalog: catalog, policy: policy, rejects: log)
        sink.path = path
        switch route {
        case .strings:
            try reader.read(InputFile(path: path), into: &sink)
        case .bytes(let threads, let chunkBytes, let batchRecords):
            try reader.read(
                InputFile(path: path), into: &sink, threads: threads, chunkBytes: chunkBytes, batchRecords: batchRecords
            )
        }
        return IngestSnapshot(sink, rejects: log)
    }

    /// The byte-level paths worth comparing with the `String` one: 1 to 4
    /// threads, chunks from one line each to the default size, batches from
    /// a few records to the default.
    static let bytePaths: [Path] =
        [1, 2, 3, 4].flatMap { threads in
            [1...1, 16...16, 64...64, ChunkPipeline.pieceBytes].map { chunkBytes in
                Path.bytes(threads: threads, chunkBytes: chunkBytes, batchRecords: 3)
            }
        } + [.bytes(threads: 1, chunkBytes: ChunkPipeline.pieceBytes, batchRecords: ChunkPipeline.batchRecords)]
}

extension IngestSnapshot {
    /// What `sink` holds and `log` kept.
    init(_ sink: IngestSink, rejects log: RejectLog) {
        self.init(
            userIDs: sink.data.userIDs, itemKeys: sink.data.itemKeys, ratingUser: sink.data.ratingUser,
            ratingItem: sink.data.ratingItem, ratingValue: sink.data.ratingValue, shelfUser: sink.data.shelfUser,
            shelfItem: sink.data.shelfItem, items: sink.items, counts: sink.counts, stoppedAt: sink.failure?.line,
            rejects: log.first)
    }
}
