import Foundation

/// The bytes of a model file: read whole into private memory for
/// `BookModel(contentsOf:)`, or mapped for a run that scores one shard's readers.
///
/// Private memory is anonymous, asked for in huge pages where Linux offers
/// them (`MADV_HUGEPAGE`), and filled with `pread`: a goodbooks-size model is
/// 13,000 small pages, and touching them one at a time cost more than
/// reading the file. A long-lived program holding the model keeps it even
/// when someone truncates or rewrites the file in place.
///
/// A mapping copies nothing: a shard checks the whole file but keeps only the
/// neighbour lists and its own readers' rows, so it never holds the other
/// readers' rows, most of a large model. The mapping is of a descriptor
/// opened here, so a file replaced by renaming a new one over it (as
/// `bookrec train` and `BookModel.write(to:)` do) leaves it untouched; a file
/// truncated in place while it is mapped would stop the process with SIGBUS,
/// which is why only a run's short load maps, never a model kept for long.
enum ModelFileBytes {
    /// The bytes of the file at `path` (`name` in errors), in private memory.
    /// A file that does not start with `magic` (the model signature, or a
    /// part file's) is read no further than its first 64 bytes.
    /// - Throws: `BookModelError.cannotRead` naming the file, with the system's reason.
    static func read(_ path: String, name: String, magic: [UInt8] = ModelFileFormat.magic) throws(BookModelError)
        -> Data
    {
        try load(path, name: name, magic: magic, mapping: false)
    }

    /// The bytes of the file at `path` as a read-only mapping, unmapped when
    /// the `Data` goes (`isMapped`); its first 64 bytes alone, read and not
    /// mapped, when the file does not start with `magic` or holds no more.
    /// Give a mapping's resident pages back with `release`.
    /// - Throws: `BookModelError.cannotRead` naming the file, with the system's reason.
    static func map(_ path: String, name: String, magic: [UInt8] = ModelFileFormat.magic) throws(BookModelError)
        -> (bytes: Data, isMapped: Bool)
    {
        let bytes = try load(path, name: name, magic: magic, mapping: true)
        return (bytes, bytes.count > ModelFileFormat.headerSize)
    }

    /// Lets the pages wholly inside bytes `range` of a mapping made by `map`
    /// (whose bytes start at `base`) leave the process's resident memory: the
    /// file's bytes stay in the page cache and come back when touched, so a
    /// pass over a large file holds only the part it is at. Never call it on
    /// private memory, whose pages would come back as zeros.
    static func release(_ base: UnsafeRawPointer, _ range: Range<Int>) {
        let start = (range.lowerBound + pageSize - 1) / pageSize * pageSize
        let end = range.upperBound / pageSize * pageSize
        guard end > start else { return }
        #if os(Linux)
            _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
        #endif
    }

    private static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    private static func load(_ path: String, name: String, magic: [UInt8], mapping: Bool) throws(BookModelError)
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
        if mapping {
            // The mapping outlives the descriptor, which is closed on return.
            guard let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
                memory != UnsafeMutableRawPointer(bitPattern: -1)
            else { throw .cannotRead(path: name, reason: String(cString: strerror(errno))) }
            return Data(bytesNoCopy: memory, count: size, deallocator: .custom { pointer, _ in munmap(pointer, size) })
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
