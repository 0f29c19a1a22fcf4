import Foundation

extension FileChunks {
    /// Reads the file at `path` from its start to its end with read(2), in
    /// blocks of at most `blockSize` bytes, handing each to `body`, which
    /// returns false to stop: for scans that look at every byte once.
    /// - Returns: true when every byte was read and handed over; false when
    ///   the file could not be opened or read, or `body` stopped.
    static func forEachBlock(
        of path: String, blockSize: Int = 1 << 16, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 }
            guard body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return false }
        }
    }
}
