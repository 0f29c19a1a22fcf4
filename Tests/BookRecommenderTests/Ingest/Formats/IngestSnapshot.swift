@testable import BookRecommender

/// Everything an `IngestSink` holds after reading, and every reject logged:
/// two reads of a file agree when their snapshots are equal.
struct IngestSnapshot: Equatable {
    /// How a ratings file is read into the sink.
    enum Path: CustomStringConvertible {
        /// `DelimitedIngest` with this many threads, chunk sizes and batch size.
        case bytes(threads: Int, chunkBytes: ClosedRange<Int>, batchRecords: Int)

        var description: String {
            switch self {
            case .bytes(let threads, let chunkBytes, let batchRecords): "bytes \(threads) \(chunkBytes) \(batchRecords)"
            }
        }

        /// One parser from the start of the file, in one batch: what every
        /// other way of reading must give.
        static let whole = Path.bytes(threads: 1, chunkBytes: ChunkPipeline.pieceBytes, batchRecords: .max)
    }

    var userIDs: [String]
    var itemKeys: [String]
    var ratingUser: [Int32]
    var ratingItem: [Int32]
    var ratingValue: [Float]
    var shelfUser: [Int32]
    var shelfItem: [Int32]
    var shelfTag: [InteractionTag]
    var items: [ItemInfo]
    var counts: RecordCounts
    var stoppedAt: Int?
    var rejects: [RejectLog.Entry]

    /// Reads `path` (a `format` file, read with `settings`) along `route`
    /// into a fresh sink.
    static func read(
        _ path: String, _ route: Path, format: InputFormat = .ratingsCSV, settings: DelimitedIngest.Settings = .init(),
        catalog: Catalog = Catalog(), policy: BadRecordPolicy = .skip
    ) throws -> IngestSnapshot {
        try readSink(path, route, format: format, settings: settings, catalog: catalog, policy: policy).snapshot
    }

    /// `read`, and the sink it read into.
    static func readSink(
        _ path: String, _ route: Path, format: InputFormat = .ratingsCSV, settings: DelimitedIngest.Settings = .init(),
        catalog: Catalog = Catalog(), policy: BadRecordPolicy = .skip
    ) throws -> (snapshot: IngestSnapshot, sink: IngestSink) {
        let log = RejectLog(streamingTo: nil, keep: 100_000)
        var sink = IngestSink(catalog: catalog, policy: policy, rejects: log)
        sink.path = path
        var input = try DelimitedIngest.open(InputFile(path: path), as: format, settings: settings)
        let parser = try DelimitedIngest.parser(format, for: input, settings: settings, catalog: catalog)
        switch route {
        case .bytes(let threads, let chunkBytes, let batchRecords):
            try DelimitedIngest.read(
                &input, with: parser, into: &sink, threads: threads, chunkBytes: chunkBytes, batchRecords: batchRecords)
        }
        return (IngestSnapshot(sink, rejects: log), sink)
    }

    /// The ways of reading worth comparing with `Path.whole`: 1 to 4
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
    /// The rows and rejects in words, in file order: `user>item=value` for a
    /// rating, `user>item` for an interaction, `line reason` for a reject.
    var digest: String {
        let ratings = ratingValue.indices.map {
            "\(userIDs[Int(ratingUser[$0])])>\(itemKeys[Int(ratingItem[$0])])=\(ratingValue[$0])"
        }
        let shelved = shelfUser.indices.map { "\(userIDs[Int(shelfUser[$0])])>\(itemKeys[Int(shelfItem[$0])])" }
        return "ratings: " + ratings.joined(separator: " ") + "; shelved: " + shelved.joined(separator: " ")
            + "; rejects: " + rejects.map { "\($0.line) \($0.reason)" }.joined(separator: ", ")
    }

    /// What `sink` holds and `log` kept.
    init(_ sink: IngestSink, rejects log: RejectLog) {
        self.init(
            userIDs: sink.data.userIDs, itemKeys: sink.data.itemKeys, ratingUser: sink.data.ratingUser,
            ratingItem: sink.data.ratingItem, ratingValue: sink.data.ratingValue, shelfUser: sink.data.shelfUser,
            shelfItem: sink.data.shelfItem, shelfTag: sink.data.shelfTag, items: sink.items, counts: sink.counts,
            stoppedAt: sink.failure?.line,
            rejects: log.first)
    }
}
