import Foundation
import Testing

@testable import BookRecommender

/// `train --prepare`, then `train --prepared FILE --part I/N`: each part's
/// file is, byte for byte, the one `train INPUT... --part I/N` writes, so
/// the join is the single fit's model; and a prepared input that is not one,
/// or is damaged, is refused naming the file.
@Suite struct PreparedInputTests {
    /// `TrainingPartTests.sparse` with its shelved books read, borrowed, or
    /// kept out of picks: the readers' rows then carry interaction kinds.
    static let withInteractions: RatingData = {
        var data = TrainingPartTests.sparse
        let kinds: [InteractionTag] = [InteractionTag(.read), InteractionTag(.loan, count: 3), .otherEdition]
        data.shelfTag = data.shelfTag.indices.map { kinds[$0 % kinds.count] }
        return data
    }()

    /// Prepares `data` into `folder`; returns the file's path.
    static func prepare(_ data: RatingData, _ options: ModelOptions, in folder: URL) throws -> String {
        var prepared = try PreparedInput.prepare(TrainingPartTests.ratings(data), options: options)
        prepared.model.trainedAt = TrainingPartTests.trainedAt
        let url = folder.appendingPathComponent("input.prepared")
        try PreparedInputFile.write(prepared, to: url)
        return url.path
    }

    @Test(arguments: ["dense-auto", "sparse-bm25", "sparse-tfidf", "interactions-cosine", "dense-ease"], [1, 4])
    func partsFromThePreparedInputAreThePartsFromTheInputs(fit: String, count: Int) throws {
        let (name, similarity) = (
            String(fit.prefix { $0 != "-" }), Similarity(rawValue: String(fit.drop { $0 != "-" }.dropFirst()))!
        )
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data =
            switch name {
            case "dense": TrainingPartTests.dense
            case "sparse": TrainingPartTests.sparse
            default: Self.withInteractions
            }
        let options = options {
            $0.similarity = similarity
            $0.neighbors = 12
            $0.threads = 2
        }
        let input = try PreparedInputFile.read(try Self.prepare(data, options, in: folder))
        #expect(input.model.neighborLinks == 0)
        #expect(input.requestedSimilarity == similarity)
        // The parts search from the weighting and bounds the prepare step computed, where there are any.
        let resolved = input.model.options.similarity
        #expect(!input.search.weighting.isIdentity == [.bm25, .tfidf, .pearson].contains(resolved))
        #expect((input.search.floorBounds != nil) == (fit == "sparse-bm25"))
        var paths: [String] = []
        for index in 0..<count {
            let part = TrainingPart(index: index, count: count)
            var fromInputs = try BookModelPart.fit(TrainingPartTests.ratings(data), options: options, part: part)
            var prepared = input.fit(part: part, threads: 2)
            fromInputs.model.trainedAt = TrainingPartTests.trainedAt
            prepared.model.trainedAt = TrainingPartTests.trainedAt
            #expect(prepared.layout == fromInputs.layout)
            #expect(try TrainingPartFile.encoded(prepared) == TrainingPartFile.encoded(fromInputs), "part \(index)")
            let url = folder.appendingPathComponent("\(index).part")
            try prepared.write(to: url)
            paths.append(url.path)
        }
        var single = try BookModel.fit(TrainingPartTests.ratings(data), options: options)
        single.trainedAt = TrainingPartTests.trainedAt
        #expect(single.neighborLinks > 0)
        if name == "interactions" { #expect(single.readers.rows.kinds.contains { $0 != 0 }) }
        #expect(
            try BookModelPart.join(paths, trainedAt: TrainingPartTests.trainedAt).model.encoded() == single.encoded())
    }

    /// A part's worker threads are its own: they change no list.
    @Test func aPartTakesItsOwnThreadCount() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try PreparedInputFile.read(
            try Self.prepare(TrainingPartTests.sparse, options { $0.threads = 1 }, in: folder))
        let (one, three) = (
            input.fit(part: TrainingPart(index: 1, count: 2), threads: 1),
            input.fit(part: TrainingPart(index: 1, count: 2), threads: 3)
        )
        #expect(three.model.options.threads == 3)
        #expect(one.model.tables.neighbors.entries == three.model.tables.neighbors.entries)
        #expect(one.model.tables.neighbors.entryCount > 0)
    }

    /// A crafted file (checksums resealed) whose readers' rows do not ascend,
    /// as ingest always leaves them, is refused rather than fitted from.
    @Test func readersRowsOutOfOrderAreRefused() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.prepare(TrainingPartTests.sparse, options(), in: folder)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let modelStart = ModelFiles.payload(of: .partModel, in: bytes)
        let modelEnd = modelStart + Int(Self.load(UInt64.self, at: modelStart - 8, in: bytes))
        var model = Array(bytes[modelStart..<modelEnd])
        let (offsets, entries) = (
            ModelFiles.payload(of: .ratingOffsets, in: model), ModelFiles.payload(of: .ratingEntries, in: model)
        )
        // The first reader with two books: swap them.
        let reader = try #require(
            (0..<TrainingPartTests.sparse.userCount).first {
                Self.load(Int32.self, at: offsets + 4 * ($0 + 1), in: model)
                    - Self.load(Int32.self, at: offsets + 4 * $0, in: model) >= 2
            })
        let first = entries + 8 * Int(Self.load(Int32.self, at: offsets + 4 * reader, in: model))
        model.replaceSubrange(first..<first + 16, with: Array(model[first + 8..<first + 16] + model[first..<first + 8]))
        bytes.replaceSubrange(modelStart..<modelEnd, with: BookModel.resealed(model))
        try Data(BookModel.resealed(bytes)).write(to: URL(fileURLWithPath: path))
        #expect(
            throws: TrainingPartError.corruptPrepared(path: path, reason: "a reader's books are not in ascending order")
        ) {
            try PreparedInputFile.read(path)
        }
    }

    /// A crafted file (checksums resealed) whose weighting factors are not
    /// all finite is refused rather than searched from.
    @Test func aWeightingFactorThatIsNotFiniteIsRefused() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.prepare(TrainingPartTests.sparse, options { $0.similarity = .bm25 }, in: folder)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let idf = ModelFiles.payload(of: .weightIDF, in: bytes)
        #expect(Self.load(UInt64.self, at: idf - 8, in: bytes) == 8 * UInt64(TrainingPartTests.sparse.userCount))
        bytes.replaceSubrange(
            idf + 8..<idf + 16, with: withUnsafeBytes(of: Double.nan.bitPattern.littleEndian, Array.init))
        try Data(BookModel.resealed(bytes)).write(to: URL(fileURLWithPath: path))
        let reason = "its weighting factors are not finite numbers, one per book or reader"
        #expect(throws: TrainingPartError.corruptPrepared(path: path, reason: reason)) {
            try PreparedInputFile.read(path)
        }
    }

    /// The little-endian `T` at byte `offset` of `bytes`.
    static func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int, in bytes: [UInt8]) -> T {
        T(littleEndian: bytes[offset..<offset + MemoryLayout<T>.size].withUnsafeBytes { $0.loadUnaligned(as: T.self) })
    }

    @Test func aFileThatIsNotASoundPreparedInputIsRefusedNamingIt() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.prepare(TrainingPartTests.sparse, options(), in: folder)
        let damaged = folder.appendingPathComponent("damaged.prepared").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 0x04
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let model = folder.appendingPathComponent("model.bookrec")
        try BookModel.fit(TrainingPartTests.ratings(TrainingPartTests.sparse), options: options()).write(to: model)
        let missing = folder.appendingPathComponent("none").path
        let cases: [(String, TrainingPartError)] = [
            (damaged, .corruptPrepared(path: damaged, reason: "checksum mismatch")),
            (model.path, .notPrepared(path: model.path)),
        ]
        for (path, expected) in cases {
            #expect(throws: expected) { try PreparedInputFile.read(path) }
        }
        #expect {
            try PreparedInputFile.read(missing)
        } throws: { error in
            guard case .cannotReadPrepared(let path, _) = error as? TrainingPartError else { return false }
            return path == missing
        }
        // Nor is a prepared input taken for a model.
        #expect(throws: BookModelError.notAModel(path: path)) { try BookModel(contentsOf: URL(fileURLWithPath: path)) }
    }
}
