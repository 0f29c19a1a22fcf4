import Foundation

/// A part file, as `bookrec train --part I/N` writes it: the container of a
/// model file (`ModelFileFormat`: header with size and checksum, then tagged
/// 8-byte-aligned blocks) under its own signature, `0x89 "BKRP" CR LF 0x1A`,
/// format version 1, so a part is never taken for a model or a model for a part.
///
///     PART  `TrainingPartMetadata` as JSON
///     NBR#  candidate row offsets, Int32, books + 1
///     NBR=  candidate rows: (book, similarity) pairs, best first
///     MODL  part 0: a model file with empty neighbour lists; empty in the other parts
///
/// Only part 0 carries the model's other blocks: they are the same in every
/// part, and the readers' rows are most of a model file's bytes.
struct TrainingPartFile {
    static let magic: [UInt8] = [0x89, 0x42, 0x4B, 0x52, 0x50, 0x0D, 0x0A, 0x1A]
    static let version: UInt32 = 1

    let path: String
    let metadata: TrainingPartMetadata
    /// Per book, the best neighbours this part found for it.
    let candidates: SparseRows
    /// Part 0's model without neighbour lists; nil in the other parts.
    let model: BookModel?

    /// The bytes of `part`'s file.
    /// - Throws: `EncodingError` when an option is a number JSON cannot hold (infinity, NaN).
    static func encoded(_ part: BookModelPart) throws -> Data {
        let model = part.model
        let candidates = model.tables.neighbors
        let metadata = TrainingPartMetadata(
            bookrec: BookRecommenderVersion.current, part: part.part.index, parts: part.part.count,
            layout: part.layout, fingerprint: model.fingerprint, items: model.bookCount,
            links: candidates.entryCount, trainedAt: model.trainedAt.timeIntervalSince1970,
            options: .init(model.options), requestedSimilarity: part.requestedSimilarity.rawValue)
        let empty = SparseRows(emptyRows: model.bookCount)
        let body = part.part.index == 0 ? try model.replacingNeighbors(with: empty).encoded() : Data()
        var writer = ModelFileWriter(capacity: 8 * candidates.entryCount + body.count + 4096)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        writer.add(.partMetadata, [UInt8](try encoder.encode(metadata)))
        writer.add(.neighborOffsets, candidates.offsets)
        writer.add(.neighborEntries, candidates.entries)
        writer.add(.partModel, bytes: body)
        return writer.sealed(magic: magic, version: version)
    }

    /// Reads and checks the part file at `path`: the container, the
    /// metadata and its layout, the rows against the books, and part 0's
    /// model (as `BookModel(contentsOf:)` checks a model file) against the metadata.
    /// - Throws: `TrainingPartError.cannotRead`, `.notAPart` or `.corrupt`, naming the file.
    static func read(_ path: String) throws(TrainingPartError) -> TrainingPartFile {
        let data: Data
        do { data = try ModelFileBytes.read(path, name: path, magic: magic) } catch {
            guard case .cannotRead(_, let reason) = error else { throw .corrupt(path: path, reason: error.damage) }
            throw .cannotRead(path: path, reason: reason)
        }
        guard !data.starts(with: ModelFileFormat.magic) else { throw .notAPart(path: path, isModel: true) }
        let read = data.withUnsafeBytes { bytes in
            Result { () throws(BookModelError) in try Self.decoded(path: path, bytes: bytes) }
        }
        switch read {
        case .success(let file): return file
        case .failure(.notAModel): throw .notAPart(path: path, isModel: false)
        case .failure(let error): throw .corrupt(path: path, reason: error.damage)
        }
    }

    /// The part in `bytes`, checked block by block.
    private static func decoded(path: String, bytes: UnsafeRawBufferPointer) throws(BookModelError) -> TrainingPartFile
    {
        var reader = try ModelFileDecoder(path: path, bytes: bytes, magic: magic, supported: version)
        let json = try reader.array(.partMetadata, of: UInt8.self)
        guard let metadata = try? JSONDecoder().decode(TrainingPartMetadata.self, from: Data(json)),
            (0..<Int(Int32.max)).contains(metadata.items), (0..<Int(Int32.max)).contains(metadata.links),
            (0..<metadata.parts).contains(metadata.part), metadata.layout.isWellFormed,
            metadata.layout.parts == metadata.parts, metadata.layout.items == metadata.items
        else { throw reader.corrupt("the part's metadata is not the expected JSON, or its layout does not hold") }
        let candidates = try reader.rows(
            .neighborOffsets, .neighborEntries, rows: metadata.items, columns: metadata.items,
            entries: metadata.links)
        let body = Data(try reader.array(.partModel, of: UInt8.self))
        try reader.finish()
        guard body.isEmpty == (metadata.part != 0) else {
            throw reader.corrupt(metadata.part == 0 ? "part 0 lacks the model" : "a part other than 0 holds a model")
        }
        guard !body.isEmpty else {
            return TrainingPartFile(path: path, metadata: metadata, candidates: candidates, model: nil)
        }
        let model = try body.withUnsafeBytes { bytes in
            Result { () throws(BookModelError) in try BookModel.decoded(path: path, file: body, bytes: bytes) }
        }.get()
        guard model.fingerprint == metadata.fingerprint, model.bookCount == metadata.items,
            ModelMetadata.Options(model.options) == metadata.options, model.neighborLinks == 0
        else { throw reader.corrupt("the model it carries is not the one its metadata describes") }
        return TrainingPartFile(path: path, metadata: metadata, candidates: candidates, model: model)
    }
}
