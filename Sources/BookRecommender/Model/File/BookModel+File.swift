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

    /// The file's bytes.
    /// - Throws: `EncodingError` when an option is a number JSON cannot hold (infinity, NaN).
    func encoded() throws -> Data {
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

    /// The model in `bytes` (those of `file`), checked block by block; the
    /// readers' entries stay in `file`.
    static func decoded(path: String, file: Data, bytes: UnsafeRawBufferPointer) throws(BookModelError) -> BookModel {
        var reader = try ModelFileReader(path: path, bytes: bytes)
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
        guard ModelFileReader.isRunOfOffsets(authorStarts, total: UInt64(authors.count)) else {
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
        let byUser = try reader.rowsInPlace(
            .ratingOffsets, .ratingEntries, rows: userCount, columns: itemCount, entries: metadata.ratings)
        let shelves = try reader.rowsInPlace(
            .shelfOffsets, .shelfEntries, rows: userCount, columns: itemCount, entries: metadata.shelved)
        let exclude = try reader.array(.exclude, of: UInt64.self)
        let only = try reader.array(.only, of: UInt64.self)
        let ingest = reader.version >= 2 ? try reader.trainingIngest(ratings: metadata.ratings) : nil
        let kinds = reader.version >= 3 ? try reader.array(.kinds, of: UInt8.self) : []
        guard kinds.isEmpty || kinds.count == metadata.ratings,
            kinds.allSatisfy({ $0 == 0 || InteractionKind(rawValue: $0) != nil })
        else { throw reader.corrupt("the readers' kinds do not match their books") }
        try reader.finish()
        let stored = metadata.options
        guard (stored.exclude || exclude.isEmpty) && (stored.only || only.isEmpty),
            let options = stored.modelOptions(
                exclude: stored.exclude ? ItemSet(words: exclude) : nil, only: stored.only ? ItemSet(words: only) : nil)
        else { throw reader.corrupt("the stored options are not valid") }
        let keyRank = BookTable.ranks(of: itemAtRank)
        return BookModel(
            options: options.clamped, fingerprint: metadata.fingerprint,
            trainedAt: Date(timeIntervalSince1970: metadata.trainedAt),
            books: BookTable(keys: keys, infos: infos, keyRank: keyRank, itemAtRank: itemAtRank),
            tables: ScoringTables(
                neighbors: neighbors, popularity: Popularity(items: popularItems, scores: popularScores),
                keyRank: keyRank),
            readers: ModelReaders(
                file: file, ratingOffsets: byUser.offsets, ratingsAt: byUser.entries.lowerBound, kinds: kinds,
                shelfOffsets: shelves.offsets, shelvesAt: shelves.entries.lowerBound),
            userIDs: userIDs, userOrder: userOrder, trainingIngest: ingest)
    }
}

extension ModelFileReader {
    /// The ingest blocks of a version-2 file: the ingest `bookrec train`
    /// kept for a model of `ratings` ratings, or nil when both are empty.
    /// - Throws: `BookModelError.corrupt` for JSON that is not the expected
    ///   accounting, counts that do not hold together, or rows without accounting.
    mutating func trainingIngest(ratings: Int) throws(BookModelError) -> TrainingIngest? {
        let json = try array(.ingestAccounting, of: UInt8.self)
        let rows = try array(.ingestRejects, of: UInt8.self)
        guard !json.isEmpty else {
            guard rows.isEmpty else { throw corrupt("rejected rows without the ingest they belong to") }
            return nil
        }
        guard let accounting = try? JSONDecoder().decode(TrainingIngest.Accounting.self, from: Data(json)) else {
            throw corrupt("the ingest block is not the expected JSON")
        }
        guard accounting.holdsTogether(ratings: ratings) else {
            throw corrupt("the ingest block's record counts do not add up")
        }
        return TrainingIngest(accounting: accounting, rejectRows: rows)
    }
}

extension ModelFileReader {
    /// The next sparse matrix: `rows` rows over columns `0..<columns`, `entries` entries in all, values finite.
    /// - Throws: `BookModelError.corrupt` for offsets that do not run through the entries or a column out of range.
    mutating func rows(_ offsetsTag: Tag, _ entriesTag: Tag, rows: Int, columns: Int, entries: Int)
        throws(BookModelError) -> SparseRows
    {
        let (offsets, range) = try rowsInPlace(offsetsTag, entriesTag, rows: rows, columns: columns, entries: entries)
        let source = bytes(in: range)
        let values = [SparseEntry](unsafeUninitializedCapacity: entries) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = entries
        }
        return SparseRows(offsets: offsets, entries: values)
    }

    /// The same checks as `rows`, leaving the entries in the file: their offsets, and where they lie.
    mutating func rowsInPlace(_ offsetsTag: Tag, _ entriesTag: Tag, rows: Int, columns: Int, entries: Int)
        throws(BookModelError) -> (offsets: [Int32], entries: Range<Int>)
    {
        let offsets = try array(offsetsTag, of: Int32.self, count: rows + 1)
        let range = try payload(entriesTag, of: SparseEntry.self, count: entries)
        try check(offsets, bytes(in: range), offsetsTag, entriesTag, columns: columns)
        return (offsets, range)
    }

    /// - Throws: `BookModelError.corrupt` unless `offsets` run through the
    ///   entries in `entries` and each names a column below `columns` with a finite value.
    private func check(
        _ offsets: [Int32], _ entries: UnsafeRawBufferPointer, _ offsetsTag: Tag, _ entriesTag: Tag, columns: Int
    ) throws(BookModelError) {
        let stride = MemoryLayout<SparseEntry>.stride
        let count = entries.count / stride
        guard Self.isRunOfOffsets(offsets, total: Int32(count)) else {
            throw corrupt("row offsets of \(offsetsTag.rawValue) do not run through its entries")
        }
        let entry = { (index: Int) in entries.loadUnaligned(fromByteOffset: index * stride, as: SparseEntry.self) }
        // One branch-free pass over millions of entries; the bad one is looked for only when there is one.
        let limit = UInt32(columns)
        var bad: UInt32 = 0
        for index in 0..<count {
            let value = entry(index)
            bad |= UInt32(bitPattern: value.column) >= limit ? 1 : 0
            bad |= value.value.bitPattern & 0x7F80_0000 == 0x7F80_0000 ? 1 : 0
        }
        guard bad != 0 else { return }
        let first = (0..<count).lazy.map(entry).first {
            $0.column < 0 || Int($0.column) >= columns || !$0.value.isFinite
        }
        throw corrupt(
            "an entry of \(entriesTag.rawValue) names book \(first?.column ?? -1) of \(columns) or is not finite")
    }

    /// - Throws: `BookModelError.corrupt` unless `order` puts `strings` in
    ///   strictly ascending order: each index once, no string twice (so a
    ///   binary search finds every key, and finds it once).
    func requireOrder(_ order: [Int32], of strings: [String], what: String) throws(BookModelError) {
        try requireDistinct(order, below: strings.count, what: "the order of \(what)")
        for position in order.indices.dropFirst()
        where !(strings[Int(order[position - 1])] < strings[Int(order[position])]) {
            throw corrupt("\(what) are not in ascending order, or one repeats")
        }
    }

    /// - Throws: `BookModelError.corrupt` unless every index is in `0..<limit` and none repeats.
    func requireDistinct(_ indices: [Int32], below limit: Int, what: String) throws(BookModelError) {
        var seen = [Bool](repeating: false, count: limit)
        for index in indices {
            guard index >= 0, Int(index) < limit, !seen[Int(index)] else {
                throw corrupt("\(what) names \(index) out of range or twice")
            }
            seen[Int(index)] = true
        }
    }
}
