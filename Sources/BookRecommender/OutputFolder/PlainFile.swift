import Foundation

/// Writes one file of a run being staged: `open`, `write`, `close`, and no
/// `fsync`: a staged run is made durable once, as a whole, before it is
/// renamed into place (see `RunHistory.commit`), which costs one system call
/// instead of two flushes per reader.
enum PlainFile {
    /// Creates `path` holding `text`'s UTF-8 bytes. Whatever is already
    /// there, a planted symlink included, is removed and replaced, never
    /// written through.
    /// - Throws: `ReportError.cannotWrite` naming the path.
    static func write(_ text: String, to path: String) throws(ReportError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(ReportError) in try write(UnsafeRawBufferPointer(bytes), to: path) }
        }
        try result.get()
    }

    /// Creates `path` holding `text` (see `write(_:to:)`).
    /// - Throws: `ReportError.cannotWrite` naming the path.
    static func write(_ text: TextBuffer, to path: String) throws(ReportError) {
        try text.withBytes { bytes throws(ReportError) in try write(bytes, to: path) }
    }

    /// Creates `path` holding `data` (see `write(_:to:)`).
    /// - Throws: `ReportError.cannotWrite` naming the path.
    static func write(_ data: Data, to path: String) throws(ReportError) {
        let result = data.withUnsafeBytes { bytes in Result { () throws(ReportError) in try write(bytes, to: path) } }
        try result.get()
    }

    /// Creates `path` holding `bytes`, open for nothing else.
    /// - Throws: `ReportError.cannotWrite` naming the path.
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(ReportError) {
        let descriptor = try create(path)
        defer { close(descriptor) }
        try append(bytes, to: descriptor, path: path)
    }

    /// Creates the file `name` in the open folder `folder` (whose path is
    /// `path` minus the name, for messages) holding `text`: opened relative
    /// to the folder, so the kernel does not walk the whole path for every
    /// reader's file.
    /// - Throws: `ReportError.cannotWrite` naming `path`.
    static func write(_ text: TextBuffer, named name: String, in folder: Int32, path: String) throws(ReportError) {
        let descriptor = try create(path, named: name, in: folder)
        defer { close(descriptor) }
        try text.withBytes { bytes throws(ReportError) in try append(bytes, to: descriptor, path: path) }
    }

    /// A new file at `path`, open for writing: created exclusively and never
    /// through a symlink; an entry already there is unlinked first. With
    /// `folder`, the file is `name` in that open folder.
    /// - Throws: `ReportError.cannotWrite` naming the path.
    static func create(_ path: String, named name: String? = nil, in folder: Int32 = AT_FDCWD) throws(ReportError)
        -> Int32
    {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let target = name ?? path
        var descriptor = openat(folder, target, flags, 0o644)
        if descriptor < 0, errno == EEXIST, unlinkat(folder, target, 0) == 0 {
            descriptor = openat(folder, target, flags, 0o644)
        }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        return descriptor
    }

    /// Writes all of `bytes` to `descriptor` (retrying short writes and interruptions).
    /// - Throws: `ReportError.cannotWrite` naming `path`.
    static func append(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(ReportError) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            next += written
            left -= written
        }
    }
}
