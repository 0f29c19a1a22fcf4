import Foundation

/// What a shard's part holds for `bookrec merge` besides the readers' own
/// files (`users/`, written exactly as the merged run shows them) and their
/// lines of `recommendations.csv` and `.jsonl`:
///
/// - `readers.jsonl`: one `ReaderSummary` per line, in UTF-8 order of ids,
///   which the merge builds the club digest from and copies each reader's
///   CSV and JSONL bytes by;
/// - `club.json`: the part's `ClubTally` (its readers' picks and ratings),
///   which the merge adds up for the digest's charts and the enrichment summary.
///
/// Both are compact: the merge never reads a reader's picks again.
enum PartFile {
    static let readers = "readers.jsonl"
    static let club = "club.json"

    /// Writes `readers.jsonl` (when `summaries` is not nil: the part has
    /// reports) and `club.json` into `folder`.
    /// - Throws: `ReportError.cannotWrite`.
    static func write(summaries: [ReaderSummary]?, tally: ClubTally, in folder: URL) throws(ReportError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let clubPath = folder.appendingPathComponent(club).path
        do {
            if let summaries {
                var data = Data()
                for summary in summaries {
                    data.append(try encoder.encode(summary))
                    data.append(UInt8(ascii: "\n"))
                }
                try PlainFile.write(data, to: folder.appendingPathComponent(readers).path)
            }
            try PlainFile.write(try encoder.encode(tally), to: clubPath)
        } catch let error as ReportError {
            throw error
        } catch {
            throw .cannotWrite(path: clubPath, reason: "\(error)")
        }
    }

    /// A part's reader summaries, in the order written.
    /// - Throws: `MergeError.unreadablePart` naming the file and line.
    static func summaries(in folder: URL) throws(MergeError) -> [ReaderSummary] {
        let url = folder.appendingPathComponent(readers)
        let data = try contents(of: url)
        let decoder = JSONDecoder()
        let lines = data.split(separator: UInt8(ascii: "\n"))
        // One array in one call: a decoder call per line costs several times the parsing.
        var array = Data("[".utf8)
        for (number, line) in lines.enumerated() {
            if number > 0 { array.append(UInt8(ascii: ",")) }
            array.append(contentsOf: line)
        }
        array.append(UInt8(ascii: "]"))
        if let summaries = try? decoder.decode([ReaderSummary].self, from: array), summaries.count == lines.count {
            return summaries
        }
        var summaries: [ReaderSummary] = []
        for (number, line) in lines.enumerated() {
            guard let summary = try? decoder.decode(ReaderSummary.self, from: Data(line)) else {
                throw .unreadablePart(path: "\(url.path):\(number + 1)", reason: "not a reader line")
            }
            summaries.append(summary)
        }
        return summaries
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
