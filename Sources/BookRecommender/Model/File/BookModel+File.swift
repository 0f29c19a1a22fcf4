import Foundation

/// Reading and writing the model file (layout: `ModelFileFormat`).
extension BookModel {
    /// Writes the model to `url`: to a temporary file beside it, flushed, then
    /// renamed over it, so a reader never sees half a model. Creates the
    /// folder when needed.
    /// - Throws: `BookModelError.cannotWrite` naming the file.
    public func write(to url: URL) throws(BookModelError) {
        do {
            let data = try encoded()
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.relativePath, reason: AtomicFile.describe(error))
        }
    }

    /// Reads a model `write(to:)` wrote. The file is checked before anything
    /// is used (signature, version, size, checksum, then every block's sizes,
    /// offsets and indices), so a damaged or crafted file is an error, never a crash.
    /// - Throws: `BookModelError.cannotRead` when the file cannot be read;
    ///   `.notAModel`, `.newerVersion`, `.truncated` or `.corrupt` naming it otherwise.
    /// - Complexity: O(file size): one pass to read it, one to check the
    ///   checksum, one to check the blocks (copying all but the readers' ratings,
    ///   which stay in the bytes read).
    public init(contentsOf url: URL) throws(BookModelError) {
        let data = try ModelFileBytes.read(url.path, name: url.relativePath)
        let decoded = data.withUnsafeBytes { bytes in
            Result { () throws(BookModelError) in try Self.decoded(path: url.relativePath, file: data, bytes: bytes) }
        }
        self = try decoded.get()
    }

    /// Reads a model file as `init(contentsOf:)` does, with the same checks,
    /// through a mapping of the file (`ModelFileBytes.map`) rather than a copy.
    /// With a `shard`, only that shard's readers' rows are copied out of the
    /// mapping, and the mapping is gone on return: the model then holds its
    /// books, neighbour lists and those rows, and no other reader's ratings,
    /// so it is for a run scoring that shard's readers, never to be written.
    /// Without one, the readers' rows stay in the mapping, read when asked.
    /// - Throws: as `init(contentsOf:)`.
    init(mapping url: URL, shard: Shard?) throws(BookModelError) {
        let (data, isMapped) = try ModelFileBytes.map(url.path, name: url.relativePath)
        let decoded = data.withUnsafeBytes { bytes in
            Result { () throws(BookModelError) in
                try Self.decoded(path: url.relativePath, file: data, bytes: bytes, mapped: isMapped, shard: shard)
            }
        }
        self = try decoded.get()
    }

    /// The file's bytes.
    /// - Throws: `EncodingError` when an option is a number JSON cannot hold (infinity, NaN).
    func encoded() throws -> Data {
        precondition(readers.shard == nil, "a model holding one shard's readers is never written")
        let infos = books.infos
        let authors = infos.flatMap(\.authors)
        let metadata = ModelMetadata(
            bookrec: BookRecommenderVersion.current, trainedAt: trainedAt.timeIntervalSince1970,
            fingerprint: fingerprint,
            items: books.count, users: userIDs.count, ratings: readers.ratingCount,
            shelved: readers.shelfCount, links: tables.neighbors.entryCount,
            popular: tables.popularity.items.count, authors: authors.count, options: .init(options))
        let capacity =
            8 * (readers.ratingCount + readers.shelfCount + tables.neighbors.entryCount)
            + 64 * (books.count + userIDs.count) + 4096
        var writer = ModelFileWriter(capacity: capacity)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        writer.add(.metadata, [UInt8](try encoder.encode(metadata)))
        writer.add(.keyOffsets, .keyBytes, strings: books.keys.lazy.map { $0 })
        writer.add(.isbnOffsets, .isbnBytes, strings: infos.lazy.map(\.isbn13))
        writer.add(.titleOffsets, .titleBytes, strings: infos.lazy.map(\.title))
        writer.add(.imageOffsets, .imageBytes, strings: infos.lazy.map(\.imageURL))
        var authorStarts: [UInt64] = [0]
        for info in infos { authorStarts.append(authorStarts[authorStarts.count - 1] + UInt64(info.authors.count)) }
        writer.add(.authorStarts, authorStarts)
        writer.add(.authorOffsets, .authorBytes, strings: authors.lazy.map { $0 })
        writer.add(.itemAtRank, books.itemAtRank)
        writer.add(.neighborOffsets, tables.neighbors.offsets)
        writer.add(.neighborEntries, tables.neighbors.entries)
        writer.add(.popularItems, tables.popularity.items)
        writer.add(.popularScores, tables.popularity.scores)
        writer.add(.userOffsets, .userBytes, strings: userIDs.lazy.map { $0 })
        writer.add(.userOrder, userOrder)
        let rows = readers.rows
        writer.add(.ratingOffsets, rows.byUser.offsets)
        writer.add(.ratingEntries, rows.byUser.entries)
        writer.add(.shelfOffsets, rows.shelves.offsets)
        writer.add(.shelfEntries, rows.shelves.entries)
        writer.add(.exclude, options.exclude?.words ?? [])
        writer.add(.only, options.only?.words ?? [])
        writer.add(.ingestAccounting, try trainingIngest.map { [UInt8](try encoder.encode($0.accounting)) } ?? [])
        writer.add(.ingestRejects, trainingIngest?.rejectRows ?? [])
        writer.add(.kinds, rows.kinds)
        return writer.sealed()
    }

    /// The model in `bytes` (those of `file`, a mapping of it when `mapped`),
    /// checked block by block; the readers' entries stay in `file`, or, for
    /// a `shard`, those of its readers are copied and the others left.
    static func decoded(
        path: String, file: Data, bytes: UnsafeRawBufferPointer, mapped: Bool = false, shard: Shard? = nil
    ) throws(BookModelError) -> BookModel {
        var reader = try ModelFileDecoder(path: path, bytes: bytes, mapped: mapped)
        let metadataBytes = try reader.array(.metadata, of: UInt8.self)
        guard let metadata = try? JSONDecoder().decode(ModelMetadata.self, from: Data(metadataBytes)) else {
            throw reader.corrupt("the metadata block is not the expected JSON")
        }
        let limit = Int(Int32.max) - 1
        guard
            [
                metadata.items, metadata.users, metadata.ratings, metadata.shelved, metadata.links, metadata.popular,
                metadata.authors,
            ].allSatisfy({ (0...limit).contains($0) })
        else { throw reader.corrupt("the metadata gives impossible counts") }
        let (itemCount, userCount) = (metadata.items, metadata.users)
        let keys = try reader.requiredStrings(.keyOffsets, .keyBytes, count: itemCount)
        let isbns = try reader.strings(.isbnOffsets, .isbnBytes, count: itemCount)
        let titles = try reader.strings(.titleOffsets, .titleBytes, count: itemCount)
        let images = try reader.strings(.imageOffsets, .imageBytes, count: itemCount)
        let authorStarts = try reader.array(.authorStarts, of: UInt64.self, count: itemCount + 1)
        let authors = try reader.requiredStrings(.authorOffsets, .authorBytes, count: metadata.authors)
        guard ModelFileDecoder.isRunOfOffsets(authorStarts, total: UInt64(authors.count)) else {
            throw reader.corrupt("author lists do not run through the authors")
        }
        let infos = (0..<itemCount).map { item in
            ItemInfo(
                isbn13: isbns[item], title: titles[item],
                authors: Array(authors[Int(authorStarts[item])..<Int(authorStarts[item + 1])]), imageURL: images[item])
        }
        let itemAtRank = try reader.array(.itemAtRank, of: Int32.self, count: itemCount)
        try reader.requireOrder(itemAtRank, of: keys, what: "the book keys")
        let neighbors = try reader.rows(
            .neighborOffsets, .neighborEntries, rows: itemCount, columns: itemCount, entries: metadata.links)
        let popularItems = try reader.array(.popularItems, of: Int32.self, count: metadata.popular)
        let popularScores = try reader.array(.popularScores, of: Float.self, count: metadata.popular)
        try reader.requireDistinct(popularItems, below: itemCount, what: "the popularity list")
        guard popularScores.allSatisfy(\.isFinite) else { throw reader.corrupt("a popularity score is not finite") }
        let userIDs = try reader.requiredStrings(.userOffsets, .userBytes, count: userCount)
        let userOrder = try reader.array(.userOrder, of: Int32.self, count: userCount)
        try reader.requireOrder(userOrder, of: userIDs, what: "the reader ids")
        // A shard copies its readers' rows as they are checked; the others stay in the file.
        let held = shard.map { shard in userIDs.map(shard.contains(user:)) }
        let (ratings, shelved) = (metadata.ratings, metadata.shelved)
        let byUser = try reader.rowsInPlace(
            .ratingOffsets, .ratingEntries, rows: userCount, columns: itemCount, entries: ratings, held: held)
        let shelves = try reader.rowsInPlace(
            .shelfOffsets, .shelfEntries, rows: userCount, columns: itemCount, entries: shelved, held: held)
        let exclude = try reader.array(.exclude, of: UInt64.self)
        let only = try reader.array(.only, of: UInt64.self)
        let ingest = reader.version >= 2 ? try reader.trainingIngest(ratings: ratings) : nil
        let (kinds, stars) =
            reader.version >= 3
            ? try reader.kinds(ratings: ratings, offsets: byUser.offsets, held: held) : ([], ratings)
        try reader.finish()
        let stored = metadata.options
        guard (stored.exclude || exclude.isEmpty) && (stored.only || only.isEmpty),
            let options = stored.modelOptions(
                exclude: stored.exclude ? ItemSet(words: exclude) : nil, only: stored.only ? ItemSet(words: only) : nil)
        else { throw reader.corrupt("the stored options are not valid") }
        let keyRank = BookTable.ranks(of: itemAtRank)
        let readers =
            if let shard, let rows = byUser.held, let shelfRows = shelves.held {
                ModelReaders(
                    ReaderRows(byUser: rows, kinds: kinds, shelves: shelfRows), of: shard,
                    counts: (ratings, shelved, stars))
            } else {
                ModelReaders(
                    file: file, ratingOffsets: byUser.offsets, ratingsAt: byUser.entries.lowerBound, kinds: kinds,
                    stars: stars, shelfOffsets: shelves.offsets, shelvesAt: shelves.entries.lowerBound)
            }
        return BookModel(
            options: options.clamped, fingerprint: metadata.fingerprint,
            trainedAt: Date(timeIntervalSince1970: metadata.trainedAt),
            books: BookTable(keys: keys, infos: infos, keyRank: keyRank, itemAtRank: itemAtRank),
            tables: ScoringTables(
                neighbors: neighbors, popularity: Popularity(items: popularItems, scores: popularScores),
                keyRank: keyRank),
            readers: readers, userIDs: userIDs, userOrder: userOrder, trainingIngest: ingest)
    }
}
