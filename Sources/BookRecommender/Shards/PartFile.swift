import Foundation

/// What a shard's part holds for `bookrec merge` besides its readers' lines
/// of `recommendations.csv`, `.jsonl` and `lists.tsv` (their own files are
/// in `RunHistory.partsRun`, written exactly as the merged run shows them):
///
/// - `readers.bin`: one `ReaderSummary` per reader, in UTF-8 order of ids,
///   which the merge builds the club digest from and copies each reader's lines by;
/// - `club.bin`: the part's `ClubTally` (its readers' picks and ratings),
///   which the merge adds up for the digest's charts and the enrichment summary.
///
/// Both are compact (`CompactBytes`), after a first line naming their
/// layout: the merge never reads a reader's picks again.
enum PartFile {
    static let readers = "readers.bin"
    static let club = "club.bin"
    /// The first lines of the two files; a new layout takes a new line.
    static let readersFormat = Array("bookrec reader summaries 1\n".utf8)
    static let clubFormat = Array("bookrec club tally 1\n".utf8)

    /// Writes `readers.bin` (when `summaries` is not nil: the part has
    /// reports) and `club.bin` into `folder`.
    /// - Throws: `ReportError.cannotWrite`.
    static func write(summaries: [ReaderSummary]?, tally: ClubTally, in folder: URL) throws(ReportError) {
        if let summaries {
            var writer = CompactWriter(header: readersFormat)
            for summary in summaries { summary.write(to: &writer) }
            try PlainFile.write(Data(writer.bytes), to: folder.appendingPathComponent(readers).path)
        }
        var writer = CompactWriter(header: clubFormat)
        tally.write(to: &writer)
        try PlainFile.write(Data(writer.bytes), to: folder.appendingPathComponent(club).path)
    }

    /// A part's reader summaries, in the order written.
    /// - Throws: `MergeError.unreadablePart` naming the file and the reader
    ///   (counted from 1) whose record is broken.
    static func summaries(in folder: URL) throws(MergeError) -> [ReaderSummary] {
        try read(folder.appendingPathComponent(readers), format: readersFormat) { reader throws(MergeError) in
            var summaries: [ReaderSummary] = []
            while !reader.atEnd {
                do throws(CompactDecoder.Failure) {
                    summaries.append(try ReaderSummary(reading: &reader))
                } catch {
                    throw .unreadablePart(
                        path: folder.appendingPathComponent(readers).path,
                        reason: "reader \(summaries.count + 1): \(error.reason)")
                }
            }
            return summaries
        }
    }

    /// A part's club tally.
    /// - Throws: `MergeError.unreadablePart` naming the file.
    static func tally(in folder: URL) throws(MergeError) -> ClubTally {
        let url = folder.appendingPathComponent(club)
        return try read(url, format: clubFormat) { reader throws(MergeError) in
            do throws(CompactDecoder.Failure) {
                let tally = try ClubTally(reading: &reader)
                guard reader.atEnd else { throw CompactDecoder.Failure(reason: "more after the tally") }
                return tally
            } catch {
                throw .unreadablePart(path: url.path, reason: error.reason)
            }
        }
    }

    /// `body` applied to the bytes of `url` after its `format` line.
    private static func read<T>(
        _ url: URL, format: [UInt8], _ body: (inout CompactDecoder) throws(MergeError) -> T
    ) throws(MergeError) -> T {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadablePart(path: url.path, reason: AtomicFile.describe(error))
        }
        let result = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Result<T, MergeError> in
            guard bytes.starts(with: format) else {
                return .failure(.unreadablePart(path: url.path, reason: "not a part file of this version"))
            }
            var reader = CompactDecoder(bytes, from: format.count)
            return Result { () throws(MergeError) in try body(&reader) }
        }
        return try result.get()
    }
}
