import Foundation

#if os(Linux)
    import CSyncFS
#endif

/// Puts a staged run on stable storage in one step, before it is renamed
/// into place: its files are written with plain writes (`PlainFile`), so
/// until this step they may live only in the page cache.
enum DurableFolder {
    /// Flushes every file and folder under `folder` to stable storage.
    ///
    /// On Linux this is one `syncfs(2)` on the file system holding `folder`.
    /// It also flushes whatever else that file system has dirty, but it is
    /// one call where an `fsync(2)` per file cost two flushes per reader.
    /// Elsewhere every file, then every folder, is `fsync`ed (`flushTree`).
    /// - Throws: `RunHistoryError.cannotFlush` naming what could not be flushed.
    static func flush(_ folder: URL) throws(RunHistoryError) {
        #if os(Linux)
            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .cannotFlush(path: folder.path, reason: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            guard bookrec_syncfs(descriptor) == 0 else {
                throw .cannotFlush(path: folder.path, reason: String(cString: strerror(errno)))
            }
        #else
            _ = try flushTree(folder)
        #endif
    }

    /// `fsync(2)` of every file under `folder`, then of every folder (the
    /// deepest first, `folder` last), so each flushed folder's entries name
    /// flushed files. Returns how many entries were flushed.
    /// - Throws: `RunHistoryError.cannotFlush` naming the first entry that fails.
    static func flushTree(_ folder: URL) throws(RunHistoryError) -> Int {
        var folders = [folder.path]
        var count = 0
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let path = folder.path + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else {
                throw .cannotFlush(path: path, reason: String(cString: strerror(errno)))
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(path)
            case S_IFREG:
                try sync(path)
                count += 1
            default: continue
            }
        }
        for path in folders.sorted(by: { $0.count > $1.count }) { try sync(path) }
        return count + folders.count
    }

    /// Flushes a folder's own entries (a rename into it, a new symlink) to disk.
    /// - Throws: `RunHistoryError.cannotFlush`.
    static func sync(_ path: String) throws(RunHistoryError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotFlush(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .cannotFlush(path: path, reason: String(cString: strerror(errno))) }
    }
}
