import Foundation

/// The readers' lists of an earlier run, read from its `lists.tsv` (see
/// `ReaderLists`).
///
/// The file is kept as bytes with the byte range of each reader's keys; a
/// reader's keys are decoded only when asked for, so loading a library's
/// lists costs one pass over the file and one dictionary entry per reader.
struct PreviousLists: Sendable {
    /// Why a lists file cannot be used.
    enum Problem: Error, Sendable, Equatable {
        /// The first line is not a `lists.tsv` header.
        case notALists
        /// Line `line` is damaged (a bad escape, or an empty or repeated id).
        case damaged(line: Int)
    }

    /// The settings the earlier run made its lists with.
    let settings: ListSettings
    private let bytes: [UInt8]
    /// Each reader's keys: the bytes after the id's tab up to the line feed
    /// (empty for a reader without picks).
    private let keys: [String: Range<Int>]

    /// The readers in the earlier run.
    var readers: Dictionary<String, Range<Int>>.Keys { keys.keys }

    /// Reads `data`, a whole `lists.tsv`.
    /// - Throws: `Problem` when it is not one or is damaged.
    init(_ data: Data) throws(Problem) {
        let bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        guard let headerEnd = bytes.firstIndex(of: newline), let split = bytes[..<headerEnd].firstIndex(of: tab),
            String(decoding: bytes[..<split], as: UTF8.self) == ReaderLists.signature,
            let settings = try? JSONDecoder().decode(ListSettings.self, from: Data(bytes[(split + 1)..<headerEnd]))
        else { throw .notALists }
        var keys: [String: Range<Int>] = [:]
        var start = headerEnd + 1
        var line = 2
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: newline) else { throw .damaged(line: line) }
            let idEnd = bytes[start..<end].firstIndex(of: tab) ?? end
            guard idEnd > start, let id = ReaderLists.unescaped(bytes[start..<idEnd]), keys[id] == nil else {
                throw .damaged(line: line)
            }
            keys[id] = min(idEnd + 1, end)..<end
            start = end + 1
            line += 1
        }
        self.settings = settings
        self.bytes = bytes
        self.keys = keys
    }

    /// `reader`'s picks in the earlier run, best first; nil when the reader
    /// was not in it. A key whose escapes are damaged is left out.
    func list(of reader: String) -> [String]? {
        guard let range = keys[reader] else { return nil }
        guard !range.isEmpty else { return [] }
        return bytes[range].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).compactMap {
            ReaderLists.unescaped($0)
        }
    }
}
