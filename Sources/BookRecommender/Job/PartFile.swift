import Foundation

/// `part.jsonl` in a shard's part: every user of the shard exactly as the
/// reports were made from (picks with their Google Books details, and the
/// rated books), one JSON object per line, users in id order.
///
/// `bookrec merge` renders the joined run from these with the same report
/// code a single run uses, so the result cannot drift from it. Numbers are
/// written in Swift's shortest round-trip form, so they read back exactly.
enum PartFile {
    static let name = "part.jsonl"

    private struct Line: Codable {
        var user: String
        var picks: [ReportPick]
        var rated: [RatedBook]
    }

    /// The file's bytes for `users`.
    /// - Throws: `EncodingError` (only for non-finite numbers, which scores never are).
    static func data(for users: [UserPicks]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for user in users.sorted(by: { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }) {
            data.append(try encoder.encode(Line(user: user.user, picks: user.picks, rated: user.rated)))
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// Reads a part's users back.
    /// - Throws: `MergeError.unreadablePart` naming the file and line.
    static func users(in folder: URL) throws(MergeError) -> [UserPicks] {
        let url = folder.appendingPathComponent(name)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadablePart(path: url.path, reason: AtomicFile.describe(error))
        }
        let decoder = JSONDecoder()
        var users: [UserPicks] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            do {
                let decoded = try decoder.decode(Line.self, from: Data(line))
                users.append(UserPicks(user: decoded.user, picks: decoded.picks, rated: decoded.rated))
            } catch {
                throw .unreadablePart(path: "\(url.path):\(number + 1)", reason: "not a user line")
            }
        }
        return users
    }
}
