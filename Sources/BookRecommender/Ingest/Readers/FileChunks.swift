import Foundation

/// Splits a file into byte ranges that each end just after a line feed, so
/// that (in a file without quoted fields) every range starts a record.
enum FileChunks {
    /// Ranges covering the whole file in order, about `count` of them when
    /// that makes their size fall in `sizes`, else of the nearest size in
    /// `sizes`. The last is open-ended, so bytes appended while reading are
    /// still read. A file without line feeds is one range.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened or read.
    static func split(_ path: String, count: Int, sizes: ClosedRange<Int>) throws(IngestError) -> [Range<Int>] {
        let descriptor = try open(path)
        defer { close(descriptor) }
        let fileSize = try size(descriptor, path: path)
        let size = min(max(fileSize / max(count, 1), sizes.lowerBound, 1), sizes.upperBound)
        var starts = [0]
        var window = [UInt8](repeating: 0, count: 1 << 16)
        var offset = size
        while offset < fileSize {
            guard let lineEnd = try nextLineFeed(descriptor, from: offset, window: &window, path: path) else { break }
            if lineEnd + 1 < fileSize { starts.append(lineEnd + 1) }
            offset = max(lineEnd + 1, starts[starts.count - 1] + size)
        }
        return starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : Int.max) }
    }

    /// True when `path` names a regular file (not a pipe or device), which
    /// can be read more than once and in ranges.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
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

    /// The offset of the first line feed at or after `offset`, or nil when there is none.
    private static func nextLineFeed(
        _ descriptor: Int32, from offset: Int, window: inout [UInt8], path: String
    ) throws(IngestError) -> Int? {
        var position = offset
        while true {
            let count = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(position)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return nil }
            if let found = window[0..<count].firstIndex(of: CSVDialect.lineFeed) { return position + found }
            position += count
        }
    }
}
