import Foundation

/// Reads a model file whole into private memory, for `BookModel(contentsOf:)`.
///
/// The memory is anonymous, asked for in huge pages where Linux offers them
/// (`MADV_HUGEPAGE`), and filled with `pread`: a goodbooks-size model is
/// 13,000 small pages, and touching them one at a time cost more than
/// reading the file. A mapping of the file itself would be faster still, but
/// its bytes vanish when someone truncates or rewrites the file in place, and
/// a long-lived program holding the model would then stop with SIGBUS.
enum ModelFileBytes {
    /// The bytes of the file at `path` (`name` in errors). A file that does
    /// not start with `magic` (the model signature, or a part file's) is read
    /// no further than its first 64 bytes.
    /// - Throws: `BookModelError.cannotRead` naming the file, with the system's reason.
    static func read(_ path: String, name: String, magic: [UInt8] = ModelFileFormat.magic) throws(BookModelError)
        -> Data
    {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: name, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .cannotRead(path: name, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path: name, reason: "not a regular file") }
        let size = Int(info.st_size)
        var head = [UInt8](repeating: 0, count: min(size, ModelFileFormat.headerSize))
        let got = try head.withUnsafeMutableBytes { fill(descriptor, $0, name: name) }.get()
        guard size > head.count, got == head.count, head.starts(with: magic) else {
            return Data(head.prefix(got))
        }
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != UnsafeMutableRawPointer(bitPattern: -1)
        else { throw .cannotRead(path: name, reason: String(cString: strerror(errno))) }
        #if os(Linux)
            _ = madvise(memory, size, MADV_HUGEPAGE)
        #endif
        let filled = fill(descriptor, UnsafeMutableRawBufferPointer(start: memory, count: size), name: name)
        switch filled {
        case .success(let count):
            return Data(bytesNoCopy: memory, count: count, deallocator: .custom { pointer, _ in munmap(pointer, size) })
        case .failure(let error):
            munmap(memory, size)
            throw error
        }
    }

    /// Fills `buffer` from the start of the file with `pread`: the bytes read
    /// (fewer when the file shrank meanwhile), or why reading failed.
    private static func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, name: String)
        -> Result<Int, BookModelError>
    {
        var done = 0
        while done < buffer.count, let base = buffer.baseAddress {
            let count = pread(descriptor, base + done, buffer.count - done, off_t(done))
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.cannotRead(path: name, reason: String(cString: strerror(errno)))) }
            if count == 0 { break }
            done += count
        }
        return .success(done)
    }
}
