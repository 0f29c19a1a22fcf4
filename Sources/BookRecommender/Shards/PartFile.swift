import Foundation

/// What a shard's part holds for `bookrec merge` besides its readers' lines
/// of `recommendations.csv`, `.jsonl` and `lists.tsv` (their own files are
/// in `RunHistory.partsRun`, written exactly as the merged run shows them):
///
/// - `readers.bin`: one `ReaderSummary` per reader, in UTF-8 order of ids,
///   after a first line naming the format (`ReaderSummary+Compact`), which
///   the merge builds the club digest from and copies each reader's lines by;
/// - `club.json`: the part's `ClubTally` (its readers' picks and ratings),
///   which the merge adds up for the digest's charts and the enrichment summary.
///
/// Both are compact: the merge never reads a reader's picks again.
enum PartFile {
    static let readers = "readers.bin"
    static let club = "club.json"
    /// The first line of `readers.bin`; a new layout takes a new line.
    static let readersFormat = Array("bookrec reader summaries 1\n".utf8)

    /// Writes `readers.bin` (when `summaries` is not nil: the part has
    /// reports) and `club.json` into `folder`.
    /// - Throws: `ReportError.cannotWrite`.
    static func write(summaries: [ReaderSummary]?, tally: ClubTally, in folder: URL) throws(ReportError) {
        if let summaries {
            var writer = CompactWriter(header: readersFormat)
            for summary in summaries { summary.write(to: &writer) }
            try PlainFile.write(Data(writer.bytes), to: folder.appendingPathComponent(readers).path)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let clubPath = folder.appendingPathComponent(club).path
        guard let data = try? encoder.encode(tally) else {
            throw .cannotWrite(path: clubPath, reason: "the club tally cannot be encoded")
        }
        try PlainFile.write(data, to: clubPath)
    }

    /// A part's reader summaries, in the order written.
    /// - Throws: `MergeError.unreadablePart` naming the file and the reader
    ///   (counted from 1) whose record is broken.
    static func summaries(in folder: URL) throws(MergeError) -> [ReaderSummary] {
        let url = folder.appendingPathComponent(readers)
        let data = try contents(of: url)
        let result = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Result<[ReaderSummary], MergeError> in
            guard bytes.starts(with: readersFormat) else {
                return .failure(.unreadablePart(path: url.path, reason: "not a file of reader summaries"))
            }
            var reader = CompactReader(bytes, from: readersFormat.count)
            var summaries: [ReaderSummary] = []
            while !reader.atEnd {
                do throws(CompactReader.Failure) {
                    summaries.append(try ReaderSummary(reading: &reader))
                } catch {
                    return .failure(
                        .unreadablePart(path: url.path, reason: "reader \(summaries.count + 1): \(error.reason)"))
                }
            }
            return .success(summaries)
        }
        return try result.get()
    }

    /// A part's club tally.
    /// - Throws: `MergeError.unreadablePart`.
    static func tally(in folder: URL) throws(MergeError) -> ClubTally {
        let url = folder.appendingPathComponent(club)
        guard let tally = try? JSONDecoder().decode(ClubTally.self, from: try contents(of: url)) else {
            throw .unreadablePart(path: url.path, reason: "not a club tally")
        }
        return tally
    }

    private static func contents(of url: URL) throws(MergeError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadablePart(path: url.path, reason: AtomicFile.describe(error))
        }
    }
}
