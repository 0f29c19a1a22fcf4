import Foundation

extension BookModelPart {
    /// What `join` gives: the model, and how the parts were asked to fit it.
    struct Joined: Sendable {
        var model: BookModel
        /// `--similarity` as the parts were given it, before `auto` was resolved.
        let requestedSimilarity: Similarity
    }

    /// The model of the part files at `paths` (every part of one training,
    /// in any order): part 0's model with, for each book, the best
    /// neighbours of all parts' rows, as a single train keeps them. It was
    /// trained at `trainedAt`, or else when the last part was.
    ///
    /// A single train's lists keep the best pairs by (similarity, key rank),
    /// a strict order on each book's neighbours, and every pair is found by
    /// exactly one part; so the best of the parts' best are the single
    /// train's, and a row only one part found is already final (an EASE fit
    /// is found whole by part 0).
    /// - Throws: `TrainingPartError`: a file cannot be read or is not a sound part
    ///   (`cannotRead`, `notAPart`, `corrupt`), parts of other inputs,
    ///   settings, layouts or versions (`mismatch`), a part given twice
    ///   (`duplicatePart`), or parts missing (`missingParts`).
    /// - Complexity: O(the parts' bytes + books · parts · neighbours · log neighbours).
    static func join(_ paths: [String], trainedAt: Date? = nil) throws(TrainingPartError) -> Joined {
        var files: [TrainingPartFile] = []
        for path in paths { files.append(try TrainingPartFile.read(path)) }
        guard let reference = files.first else { throw .missingParts(count: 0, missing: []) }
        var byIndex = [TrainingPartFile?](repeating: nil, count: reference.metadata.parts)
        for file in files {
            try check(file.metadata, of: file.path, against: reference)
            if let first = byIndex[file.metadata.part] {
                throw .duplicatePart(
                    index: file.metadata.part, count: byIndex.count, first: first.path, second: file.path)
            }
            byIndex[file.metadata.part] = file
        }
        let missing = byIndex.indices.filter { byIndex[$0] == nil }
        guard missing.isEmpty else { throw .missingParts(count: byIndex.count, missing: missing) }
        let parts = byIndex.compactMap { $0 }
        guard let base = parts[0].model else {
            preconditionFailure("BookModelPart: TrainingPartFile.read checks part 0")
        }
        var model = base.replacingNeighbors(
            with: merged(parts.map(\.candidates), keyRank: base.books.keyRank, neighbors: base.options.neighbors))
        let last = parts.map(\.metadata.trainedAt).max() ?? 0
        model.trainedAt = trainedAt ?? Date(timeIntervalSince1970: last)
        guard let requested = Similarity(rawValue: reference.metadata.requestedSimilarity) else {
            throw .corrupt(path: reference.path, reason: "an unknown similarity was asked for")
        }
        return Joined(model: model, requestedSimilarity: requested)
    }

    /// - Throws: `TrainingPartError.mismatch` naming `path` when `metadata` was not
    ///   made like `reference`'s: part count, bookrec, inputs, settings, layout.
    private static func check(_ metadata: TrainingPartMetadata, of path: String, against reference: TrainingPartFile)
        throws(TrainingPartError)
    {
        let other = reference.metadata
        func mismatch(_ what: String, _ mine: String, _ theirs: String) -> TrainingPartError {
            .mismatch(path: path, reference: reference.path, what: what, detail: "\(mine) against \(theirs)")
        }
        guard metadata.parts == other.parts else {
            throw mismatch("part count", "\(metadata.parts) parts", "\(other.parts)")
        }
        guard metadata.bookrec == other.bookrec else {
            throw mismatch("bookrec version", metadata.bookrec, other.bookrec)
        }
        guard metadata.fingerprint == other.fingerprint, metadata.items == other.items else {
            throw mismatch(
                "inputs", "fingerprint \(metadata.fingerprint), \(metadata.items) books",
                "\(other.fingerprint), \(other.items) books")
        }
        guard metadata.sharedSettings == other.sharedSettings,
            metadata.requestedSimilarity == other.requestedSimilarity
        else { throw mismatch("settings", describe(metadata), describe(other)) }
        guard metadata.layout == other.layout else {
            throw mismatch(
                "block layout", "\(metadata.layout.kernel) cuts \(metadata.layout.cuts)",
                "\(other.layout.kernel) cuts \(other.layout.cuts)")
        }
    }

    /// The fit settings of `metadata`, as the command line gives them.
    static func describe(_ metadata: TrainingPartMetadata) -> String {
        let options = metadata.options
        return "--similarity \(metadata.requestedSimilarity) (fitted \(options.similarity)) --neighbors "
            + "\(options.neighbors) --threshold \(Float(options.threshold)) --shrinkage \(Float(options.shrinkage))"
            + " --weights \(options.weights?.text ?? "default")"
    }

    /// Per book, the best `neighbors` of its rows in `parts`, best first by
    /// (similarity, key rank); a row only one part holds is taken as it is.
    private static func merged(_ parts: [SparseRows], keyRank: [Int32], neighbors: Int) -> SparseRows {
        let items = keyRank.count
        var offsets = [Int32](repeating: 0, count: items + 1)
        var entries: [SparseEntry] = []
        entries.reserveCapacity(items * min(neighbors, 64))
        var best = TopK(capacity: neighbors)
        for item in 0..<items {
            let holding = parts.filter { !$0.range(of: item).isEmpty }
            if holding.count == 1, let only = holding.first {
                entries.append(contentsOf: only.entries[only.range(of: item)])
            } else if holding.count > 1 {
                for rows in holding { best.offer(neighbors: rows.entries[rows.range(of: item)], keyRank: keyRank) }
                best.takeBestFirst(into: &entries)
            }
            offsets[item + 1] = Int32(entries.count)
        }
        return SparseRows(offsets: offsets, entries: entries)
    }
}
