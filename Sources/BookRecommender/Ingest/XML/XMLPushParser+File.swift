import Foundation

extension XMLPushParser {
    /// The size of the reads `push(file:_:buffer:afterEach:)` makes: large
    /// enough that libxml2's per-call costs vanish, small enough to stay in cache.
    static let readSize = 1 << 16

    /// Pushes the bytes `range` of the open file `descriptor`, a read of
    /// `buffer.count` bytes at a time, calling `afterEach` after each read. Stops
    /// at the end of the range or the file, once the parser stops, or when
    /// `afterEach` returns false.
    /// - Returns: true when it stopped at the end of the file.
    /// - Throws: `IngestError.cannotRead` when a read fails.
    func push(
        file descriptor: Int32, _ range: Range<Int>, buffer: UnsafeMutableRawBufferPointer,
        afterEach: () -> Bool = { true }
    ) throws(IngestError) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(buffer.count, range.upperBound - offset)
            let count = pread(descriptor, buffer.baseAddress, wanted, off_t(offset))
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return true }
            offset += count
            guard push(UnsafeRawBufferPointer(rebasing: buffer[0..<count])), afterEach() else { return false }
        }
        return false
    }

    /// Opens `path` for `push(file:…)`.
    /// - Throws: `IngestError.cannotRead` when it cannot be opened.
    static func open(_ path: String) throws(IngestError) -> Int32 {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        return descriptor
    }
}
