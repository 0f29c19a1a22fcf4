import Foundation

/// Collects rejected records: streams them to a CSV file (`file,line,reason,record`)
/// as they come, so a file of a million bad rows costs no memory, and keeps the
/// first few for messages and `inspect`.
public final class RejectLog {
    /// A rejected record.
    public struct Entry: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var reason: RejectReason
        public var record: String
    }

    public static let header = "file,line,reason,record\n"
    /// How many entries `first` keeps.
    public let keep: Int
    public private(set) var count = 0
    public private(set) var first: [Entry] = []
    /// Why streaming to the file failed (disk full, say), once it has.
    public private(set) var writeFailure: String?
    private let handle: FileHandle?

    /// - Parameter handle: where to stream rows (after the header), or nil to
    ///   only count and keep the first `keep`.
    public init(streamingTo handle: FileHandle?, keep: Int = 20) {
        self.handle = handle
        self.keep = keep
        write(Self.header)
    }

    public func add(_ entry: Entry) {
        count += 1
        if first.count < keep { first.append(entry) }
        if handle != nil { write(Self.row(entry)) }
    }

    private func write(_ text: String) {
        guard let handle, writeFailure == nil else { return }
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            writeFailure = AtomicFile.describe(error)
        }
    }

    /// One CSV row; the record is cut at 4 KiB so a megabyte line cannot bloat the file.
    static func row(_ entry: Entry) -> String {
        let limit = 4096
        let record = entry.record.count > limit ? String(entry.record.prefix(limit)) + "…" : entry.record
        return CSVField.line([entry.file, String(entry.line), entry.reason.description, record])
    }
}
