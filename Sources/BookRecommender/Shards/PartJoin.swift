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
        var entries: [(summary: ReaderSummary, part: Int)] = []
        for (index, part) in parts.enumerated() {
            let summaries = try PartFile.summaries(in: part)
            for (first, second) in zip(summaries, summaries.dropFirst())
            where !first.user.utf8.lexicographicallyPrecedes(second.user.utf8) {
                throw MergeError.unreadablePart(
                    path: part.appendingPathComponent(PartFile.readers).path, reason: "readers out of order")
            }
            entries += summaries.map { ($0, index) }
        }
        entries.sort { $0.summary.user.utf8.lexicographicallyPrecedes($1.summary.user.utf8) }
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

    /// Writes `name` into `folder`: `header`, then each reader's bytes taken
    /// in turn from their part's `name` (after the same header).
    private func copy(
        _ name: String, header: String, entries: [(summary: ReaderSummary, part: Int)],
        bytes: KeyPath<ReaderSummary, Int>, into folder: ReportFolder
    ) throws {
        let sources = try parts.map { part in
            let path = part.appendingPathComponent(name).path
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw MergeError.unreadablePart(path: path, reason: "missing")
            }
            guard try Self.read(header.utf8.count, from: handle, path: path) == Data(header.utf8) else {
                throw MergeError.unreadablePart(path: path, reason: "does not start with its header")
            }
            return (handle: handle, path: path)
        }
        let target = try folder.path(name)
        let descriptor = try PlainFile.create(target)
        defer { close(descriptor) }
        var buffer = Data(header.utf8)
        for (summary, part) in entries {
            buffer.append(try Self.read(summary[keyPath: bytes], from: sources[part].handle, path: sources[part].path))
            if buffer.count >= 1 << 20 { try Self.flush(&buffer, to: descriptor, path: target) }
        }
        try Self.flush(&buffer, to: descriptor, path: target)
        for source in sources where try source.handle.readToEnd()?.isEmpty == false {
            throw MergeError.unreadablePart(path: source.path, reason: "holds more than its readers' lines")
        }
    }

    private static func read(_ count: Int, from handle: FileHandle, path: String) throws -> Data {
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw MergeError.unreadablePart(path: path, reason: "ends early") }
        return data
    }

    private static func flush(_ buffer: inout Data, to descriptor: Int32, path: String) throws {
        let result = buffer.withUnsafeBytes { bytes in
            Result { () throws(ReportError) in try PlainFile.append(bytes, to: descriptor, path: path) }
        }
        try result.get()
        buffer.removeAll(keepingCapacity: true)
    }
}
