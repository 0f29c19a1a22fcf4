import Foundation

/// A prepared input's file (`PreparedInput`), as `bookrec train --prepare`
/// writes it: the container of a model file (`ModelFileFormat`) under its own
/// signature, `0x89 "BKRI" CR LF 0x1A`, format version 2, so it is never
/// taken for a model (it has no neighbour lists) nor a model for it.
///
///     PREP  `Metadata` as JSON
///     MODL  the model file without neighbour lists
///     WMN=  `PreparedSearch.weighting`: Pearson's means, Float per book; may be empty
///     WIDF  BM25's and TF-IDF's idf, Double per reader; may be empty
///     WLEN  BM25's lengths, Double per book; may be empty
///     FLR=  `PreparedSearch.floorBounds`: per book, its bound (Float); may be empty
///
/// Parts map it and copy the readers' rows (most of its bytes) once, into
/// the rows they search from, weighed in place where the weighting has
/// factors; the model's own rows then stay in the mapping. Version 1 had
/// none of the last four blocks; such a file is refused, to be prepared again.
enum PreparedInputFile {
    static let magic: [UInt8] = [0x89, 0x42, 0x4B, 0x52, 0x49, 0x0D, 0x0A, 0x1A]
    static let version: UInt32 = 2

    /// What the `PREP` block holds.
    struct Metadata: Codable, Equatable {
        /// The `bookrec` version that prepared it: parts must be fitted by the same one.
        var bookrec: String
        /// `BookModel.fingerprint` of the whole input.
        var fingerprint: String
        var items: Int
        /// `--similarity` as given to `--prepare`, before `auto` was resolved.
        var requestedSimilarity: String
    }

    /// Writes `prepared` to `url`: to a temporary file beside it, then
    /// renamed over it. Creates the folder when needed.
    /// - Throws: `BookModelError.cannotWrite` naming the file.
    static func write(_ prepared: PreparedInput, to url: URL) throws(BookModelError) {
        do {
            let model = try prepared.model.encoded()
            let metadata = Metadata(
                bookrec: BookRecommenderVersion.current, fingerprint: prepared.model.fingerprint,
                items: prepared.model.bookCount, requestedSimilarity: prepared.requestedSimilarity.rawValue)
            let factors = prepared.search.weighting.factors
            let bounds = prepared.search.floorBounds ?? []
            let factorBytes = 4 * (factors.means.count + bounds.count) + 8 * (factors.idf.count + factors.lengths.count)
            var writer = ModelFileWriter(capacity: model.count + factorBytes + 4096)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            writer.add(.preparedMetadata, [UInt8](try encoder.encode(metadata)))
            writer.add(.partModel, bytes: model)
            writer.add(.weightMeans, factors.means)
            writer.add(.weightIDF, factors.idf)
            writer.add(.weightLengths, factors.lengths)
            writer.add(.floorBounds, bounds)
            let data = writer.sealed(magic: magic, version: version)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.relativePath, reason: AtomicFile.describe(error))
        }
    }

    /// Maps and checks the prepared input at `path`: the container, the
    /// metadata, and the model it carries (as `BookModel(contentsOf:)` checks
    /// a model file) against the metadata.
    /// - Throws: `TrainingPartError.cannotReadPrepared`, `.notPrepared` or
    ///   `.corruptPrepared`, naming the file.
    static func read(_ path: String) throws(TrainingPartError) -> PreparedInput {
        let file: Data
        let isMapped: Bool
        do { (file, isMapped) = try ModelFileBytes.map(path, name: path, magic: magic) } catch {
            guard case .cannotRead(_, let reason) = error else {
                throw .corruptPrepared(path: path, reason: error.damage)
            }
            throw .cannotReadPrepared(path: path, reason: reason)
        }
        let read = file.withUnsafeBytes { bytes in
            Result { () throws(BookModelError) in try decoded(path: path, file: file, bytes: bytes, mapped: isMapped) }
        }
        switch read {
        case .success(let prepared): return prepared
        case .failure(.notAModel): throw .notPrepared(path: path)
        case .failure(let error): throw .corruptPrepared(path: path, reason: error.damage)
        }
    }

    /// The prepared input in `bytes` (those of `file`), checked block by
    /// block; the model's readers' rows stay in `file`.
    private static func decoded(path: String, file: Data, bytes: UnsafeRawBufferPointer, mapped: Bool)
        throws(BookModelError) -> PreparedInput
    {
        var reader = try ModelFileDecoder(path: path, bytes: bytes, magic: magic, supported: version, mapped: mapped)
        let json = try reader.array(.preparedMetadata, of: UInt8.self)
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(json)),
            let requested = Similarity(rawValue: metadata.requestedSimilarity)
        else { throw reader.corrupt("the metadata is not the expected JSON") }
        guard metadata.bookrec == BookRecommenderVersion.current else {
            throw reader.corrupt(
                "prepared by bookrec \(metadata.bookrec), not \(BookRecommenderVersion.current): prepare it again")
        }
        let body = try reader.payload(.partModel, of: UInt8.self)
        let factors = ItemVectors.Weighting.Factors(
            means: try reader.array(.weightMeans, of: Float.self), idf: try reader.array(.weightIDF, of: Double.self),
            lengths: try reader.array(.weightLengths, of: Double.self))
        let bounds = try reader.array(.floorBounds, of: Float.self)
        try reader.finish()
        // A slice shares the file's bytes: the model's readers' rows stay in the mapping.
        let model = try BookModel.decoded(
            path: path, file: file[file.startIndex + body.lowerBound..<file.startIndex + body.upperBound],
            bytes: reader.bytes(in: body), mapped: mapped)
        guard model.fingerprint == metadata.fingerprint, model.bookCount == metadata.items, model.neighborLinks == 0
        else { throw reader.corrupt("the model it carries is not the one its metadata describes") }
        guard bounds.isEmpty || bounds.count == model.bookCount, bounds.allSatisfy({ $0 < .infinity }) else {
            throw reader.corrupt("its book bounds are not one number below infinity per book")
        }
        guard let weighting = ItemVectors.Weighting(factors, books: model.bookCount, readers: model.userIDs.count)
        else { throw reader.corrupt("its weighting factors are not finite numbers, one per book or reader") }
        // The fit takes each reader's books in ascending order, once each, as ingest leaves them.
        guard model.readers.booksAscend else { throw reader.corrupt("a reader's books are not in ascending order") }
        return PreparedInput(
            model: model, requestedSimilarity: requested,
            search: PreparedSearch(weighting: weighting, floorBounds: bounds.isEmpty ? nil : bounds))
    }
}
