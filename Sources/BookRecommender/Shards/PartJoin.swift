import Foundation

/// Joins the readers of a sharded run's parts into the folder the shards
/// wrote their readers' own files into (`RunHistory.partsRun`), which is to
/// become the run: it checks that every reader's `users/<stem>.json` and
/// `.html` (and `mail/<stem>.eml`) is there, removes what earlier runs left
/// beside them, and assembles `recommendations.csv`, `.jsonl` and
/// `lists.tsv` by copying each reader's bytes from their part's files,
/// readers in UTF-8 order of ids. No reader's file is moved or rendered again.
///
/// It changes nothing the parts vouch for, so an interrupted merge can
/// simply be run again.
struct PartJoin {
    let parts: [URL]

    /// The joined readers' club files in `folder`, whose `users/` and `mail/`
    /// the parts' shards wrote; returns their summaries in output order.
    /// `mail` says whether the run has mail settings (and so a `mail/` folder).
    /// - Throws: `MergeError` when a part is unreadable, a reader is in two
    ///   parts, the parts named files differently or a reader's file is
    ///   missing; `ReportError` when `folder` cannot be written.
    func join(into folder: ReportFolder, mail: Bool) throws -> [ReaderSummary] {
        let lists = try parts.map { part in
            let summaries = try PartFile.summaries(in: part)
            for (first, second) in zip(summaries, summaries.dropFirst())
            where !first.user.utf8.lexicographicallyPrecedes(second.user.utf8) {
                throw MergeError.unreadablePart(
                    path: part.appendingPathComponent(PartFile.readers).path, reason: "readers out of order")
            }
            return summaries
        }
        let entries = Self.interleaved(lists)
        for (first, second) in zip(entries, entries.dropFirst())
        where first.summary.user.utf8.elementsEqual(second.summary.user.utf8) {
            throw MergeError.inconsistentParts(detail: "user \(first.summary.user.debugDescription) is in two parts")
        }
        let stems = SafeFileName.stems(for: entries.map(\.summary.user))
        for (entry, stem) in zip(entries, stems) where entry.summary.stem != stem {
            throw MergeError.inconsistentParts(
                detail: "\(parts[entry.part].path) names the files of \(entry.summary.user.debugDescription) "
                    + "\(entry.summary.stem), not \(stem)")
        }
        try ReaderFolderCheck(folder: folder, shards: parts.count).check(entries, mail: mail)
        try copy(
            "recommendations.csv", header: RecommendationsCSV.header, entries: entries, bytes: \.csvBytes, into: folder)
        try copy("recommendations.jsonl", header: "", entries: entries, bytes: \.jsonlBytes, into: folder)
        if let header = try listsHeader() {
            try copy(ReaderLists.fileName, header: header, entries: entries, bytes: \.listBytes, into: folder)
        }
        return entries.map(\.summary)
    }

    /// The first line of the parts' `lists.tsv`, which every part must
    /// share; nil when no part has one (a run without reports).
    /// - Throws: `MergeError.inconsistentParts` when only some parts have one.
    private func listsHeader() throws -> String? {
        let headers = parts.map { part -> String? in
            guard let handle = FileHandle(forReadingAtPath: part.appendingPathComponent(ReaderLists.fileName).path),
                let start = try? handle.read(upToCount: 1 << 16),
                let end = start.firstIndex(of: UInt8(ascii: "\n"))
            else { return nil }
            return String(decoding: start[...end], as: UTF8.self)
        }
        guard headers.contains(where: { $0 != nil }) else { return nil }
        guard let first = headers[0], headers.allSatisfy({ $0 == first }) else {
            throw MergeError.inconsistentParts(
                detail: "the parts' \(ReaderLists.fileName) differ in settings or are missing")
        }
        return first
    }

    /// The parts' readers, each list in id order, as one list in id order
    /// with each reader's part: a merge of sorted lists, not a sort.
    static func interleaved(_ lists: [[ReaderSummary]]) -> [(summary: ReaderSummary, part: Int)] {
        var entries: [(summary: ReaderSummary, part: Int)] = []
        entries.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        var next = [Int](repeating: 0, count: lists.count)
        while true {
            var first: Int?
            for part in lists.indices where next[part] < lists[part].count {
                guard let best = first else {
                    first = part
                    continue
                }
                if lists[part][next[part]].user.utf8.lexicographicallyPrecedes(lists[best][next[best]].user.utf8) {
                    first = part
                }
            }
            guard let part = first else { return entries }
            entries.append((lists[part][next[part]], part))
            next[part] += 1
        }
    }

    /// Writes `name` into `folder`: `header`, then each reader's bytes taken
    /// in turn from their part's `name` (after the same header).
    private func copy(
        _ name: String, header: String, entries: [(summary: ReaderSummary, part: Int)],
        bytes: KeyPath<ReaderSummary, Int>, into folder: ReportFolder
    ) throws {
        let paths = parts.map { $0.appendingPathComponent(name).path }
        let sources = try paths.map { path throws(MergeError) -> Data in
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            } catch {
                throw .unreadablePart(path: path, reason: AtomicFile.describe(error))
            }
            guard data.starts(with: header.utf8) else {
                throw .unreadablePart(path: path, reason: "does not start with its header")
            }
            return data
        }
        var offsets = [Int](repeating: header.utf8.count, count: parts.count)
        let target = try folder.path(name)
        let descriptor = try PlainFile.create(target)
        defer { close(descriptor) }
        var buffer = Array(header.utf8)
        buffer.reserveCapacity(Self.bufferBytes + (1 << 16))
        for (summary, part) in entries {
            let (start, count) = (offsets[part], summary[keyPath: bytes])
            guard count <= sources[part].count - start else {
                throw MergeError.unreadablePart(path: paths[part], reason: "ends early")
            }
            sources[part].withUnsafeBytes { buffer.append(contentsOf: $0[start..<(start + count)]) }
            offsets[part] += count
            if buffer.count >= Self.bufferBytes { try Self.flush(&buffer, to: descriptor, path: target) }
        }
        try Self.flush(&buffer, to: descriptor, path: target)
        for (part, source) in sources.enumerated() where offsets[part] != source.count {
            throw MergeError.unreadablePart(path: paths[part], reason: "holds more than its readers' lines")
        }
    }

    /// Bytes gathered before each write of `copy`.
    private static let bufferBytes = 1 << 20

    private static func flush(_ buffer: inout [UInt8], to descriptor: Int32, path: String) throws {
        let result = buffer.withUnsafeBytes { bytes in
            Result { () throws(ReportError) in try PlainFile.append(bytes, to: descriptor, path: path) }
        }
        try result.get()
        buffer.removeAll(keepingCapacity: true)
    }
}
