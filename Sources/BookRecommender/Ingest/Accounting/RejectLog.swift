import Foundation

/// Collects rejected records: streams them to a CSV file (`file,line,reason,record`)
/// as they come, so a file of a million bad rows costs no memory, and keeps the
/// first few for messages and `inspect`.
///
/// Rows are escaped straight into a byte buffer that goes to the file in
/// `flushBytes` pieces: a spreadsheet-saved export can hold a million bad
/// rows, and one `write(2)` per row cost seconds.
final class RejectLog {
    /// A rejected record.
    struct Entry: Sendable, Equatable {
        var file: String
        var line: Int
        var reason: RejectReason
        var record: String
    }

    static let header = "file,line,reason,record\n"
    /// The buffer size at which rows are written out.
    static let flushBytes = 1 << 20
    /// The longest record kept in a row, in characters; longer ones are cut and end in `…`.
    static let recordLimit = 4096
    /// How many entries `first` keeps.
    let keep: Int
    private(set) var count = 0
    private(set) var first: [Entry] = []
    /// Why streaming to the file failed (disk full, say), once it has.
    private(set) var writeFailure: String?
    private let handle: FileHandle?
    /// With `init(collectingUpTo:)`: the most bytes of rows kept in memory.
    private let collectLimit: Int?
    /// Whether the collected rows outgrew `collectLimit` (and were dropped).
    private var overflowed = false
    /// Rows not yet written to `handle`; every row so far when collecting.
    private var buffer: [UInt8] = []
    /// Bytes handed to `handle` so far.
    private var written = 0

    /// A point to go back to (see `rollback(to:)`).
    struct Mark: Sendable, Equatable {
        let count: Int
        let bytes: Int
    }

    /// - Parameter handle: where to stream rows (after the header), or nil to
    ///   only count and keep the first `keep`.
    init(streamingTo handle: FileHandle?, keep: Int = 20) {
        self.handle = handle
        self.keep = keep
        collectLimit = nil
        if handle != nil {
            buffer.reserveCapacity(Self.flushBytes + Self.recordLimit * 4)
            buffer.append(contentsOf: Self.header.utf8)
        }
    }

    /// A log that keeps every row in memory (`collectedRows`) while they take
    /// at most `limit` bytes, and only counts them past it.
    init(collectingUpTo limit: Int, keep: Int = 20) {
        handle = nil
        self.keep = keep
        collectLimit = limit
    }

    /// Every row added, as `rejects.csv` holds them after its header; nil
    /// unless the log collects and the rows stayed within its limit.
    var collectedRows: [UInt8]? {
        collectLimit != nil && !overflowed ? buffer : nil
    }

    func add(_ entry: Entry) {
        count += 1
        if first.count < keep { first.append(entry) }
        if let collectLimit {
            guard !overflowed else { return }
            Self.appendRow(entry, to: &buffer)
            if buffer.count > collectLimit { (overflowed, buffer) = (true, []) }
            return
        }
        guard handle != nil else { return }
        Self.appendRow(entry, to: &buffer)
        if buffer.count >= Self.flushBytes { flush() }
    }

    /// Adds `rows`, `count` rows as `collectedRows` gave them, with no entry
    /// kept in `first`: a run that takes the ingest a model file kept writes
    /// the rejects that ingest collected.
    func add(rows: [UInt8], count: Int) {
        self.count += count
        guard handle != nil else { return }
        buffer.append(contentsOf: rows)
        if buffer.count >= Self.flushBytes { flush() }
    }

    /// Writes the buffered rows to the file. Call it before the file is closed.
    func flush() {
        guard let handle, !buffer.isEmpty else { return }
        defer {
            written += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        guard writeFailure == nil else { return }
        do {
            try handle.write(contentsOf: Data(buffer))
        } catch {
            writeFailure = AtomicFile.describe(error)
        }
    }

    /// Where the log is now.
    func mark() -> Mark { Mark(count: count, bytes: written + buffer.count) }

    /// Drops every row added since `mark`, from memory and from the file: an
    /// input file that turns out unusable as a whole becomes one reject row
    /// instead of its own rows.
    func rollback(to mark: Mark) {
        count = mark.count
        if first.count > mark.count { first.removeSubrange(mark.count...) }
        if collectLimit != nil {
            if !overflowed { buffer.removeSubrange(mark.bytes...) }
            return
        }
        guard let handle, writeFailure == nil else { return }
        if mark.bytes >= written {
            buffer.removeSubrange((mark.bytes - written)...)
            return
        }
        buffer.removeAll(keepingCapacity: true)
        do {
            try handle.truncate(atOffset: UInt64(mark.bytes))
            written = mark.bytes
        } catch {
            writeFailure = AtomicFile.describe(error)
        }
    }

    /// One CSV row; the record is cut at `recordLimit` characters so a megabyte line cannot bloat the file.
    static func row(_ entry: Entry) -> String {
        var bytes: [UInt8] = []
        appendRow(entry, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendRow(_ entry: Entry, to bytes: inout [UInt8]) {
        var record = entry.record
        if record.utf8.count > recordLimit, record.count > recordLimit {
            record = String(record.prefix(recordLimit)) + "…"
        }
        appendField(entry.file, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(String(entry.line), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(entry.reason.description, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(record, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `value` escaped as `CSVField.escape` does, appended as UTF-8.
    private static func appendField(_ value: String, to bytes: inout [UInt8]) {
        let utf8 = value.utf8
        let quote = UInt8(ascii: "\"")
        let needsQuotes =
            utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ")
            || utf8.contains { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return bytes.append(contentsOf: utf8) }
        bytes.append(quote)
        for byte in utf8 {
            if byte == quote { bytes.append(quote) }
            bytes.append(byte)
        }
        bytes.append(quote)
    }
}
