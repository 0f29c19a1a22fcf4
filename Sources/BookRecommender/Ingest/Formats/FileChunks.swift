import Foundation

/// Splits a file into byte ranges that each end just after a line feed, so
/// that (in a file without quoted fields) every range starts a record.
enum FileChunks {
    /// Ranges covering the file from `start` to its end in order, about
    /// `count` of them when that makes their size fall in `sizes`, else of the
    /// nearest size in `sizes`. The last is open-ended, so bytes appended while
    /// reading are still read. With `after`, a range ends only at a line feed
    /// that follows that byte (an XML element's `>`), blanks and a carriage
    /// return between them allowed. A file without such line feeds is one range.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened or read.
    static func split(
        _ path: String, from start: Int = 0, count: Int, sizes: ClosedRange<Int>, after: UInt8? = nil
    ) throws(IngestError) -> [Range<Int>] {
        let descriptor = try open(path)
        defer { close(descriptor) }
        let fileSize = try size(descriptor, path: path)
        let size = min(max((fileSize - start) / max(count, 1), sizes.lowerBound, 1), sizes.upperBound)
        var starts = [start]
        var window = [UInt8](repeating: 0, count: 1 << 16)
        var offset = start + size
        while offset < fileSize {
            guard let lineEnd = try nextLineFeed(descriptor, from: offset, after: after, window: &window, path: path)
            else { break }
            if lineEnd + 1 < fileSize { starts.append(lineEnd + 1) }
            offset = max(lineEnd + 1, starts[starts.count - 1] + size)
        }
        return starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : Int.max) }
    }

    /// True when `path` names a regular file (not a pipe or device), which
    /// can be read more than once and in ranges.
    static func isRegularFile(_ path: String) -> Bool {
        regularFileSize(path) != nil
    }

    /// The size of the regular file `path` names; nil for anything else.
    static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    private static func open(_ path: String) throws(IngestError) -> Int32 {
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        return descriptor
    }

    private static func size(_ descriptor: Int32, path: String) throws(IngestError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        return Int(status.st_size)
    }

    /// The offset of the first line feed at or after `offset` (that follows
    /// `after`, when given), or nil when there is none.
    private static func nextLineFeed(
        _ descriptor: Int32, from offset: Int, after: UInt8?, window: inout [UInt8], path: String
    ) throws(IngestError) -> Int? {
        var position = offset
        /// The last byte before the current one that is not a blank or a carriage return.
        var lastMark: UInt8 = 0
        while true {
            let count = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(position)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return nil }
            guard let after else {
                if let found = window[0..<count].firstIndex(of: CSVDialect.lineFeed) { return position + found }
                position += count
                continue
            }
            for index in 0..<count {
                switch window[index] {
                case CSVDialect.lineFeed where lastMark == after: return position + index
                case 0x20, 0x09, 0x0D: continue
                case let byte: lastMark = byte
                }
            }
            position += count
        }
    }
}
