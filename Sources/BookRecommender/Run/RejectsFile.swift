import Foundation

/// `rejects.csv`, streamed to a hidden temporary file during the run and moved
/// into place only when the run completes, so a failed run leaves no half file.
final class RejectsFile {
    let log: RejectLog
    private let partial: URL
    private let final: URL
    private let handle: FileHandle
    private var committed = false

    /// - Throws: `ReportError.cannotWrite` when the temporary file cannot be created.
    init(folder: URL) throws(ReportError) {
        final = folder.appendingPathComponent("rejects.csv")
        partial = folder.appendingPathComponent(".rejects.csv.\(getpid()).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: partial)
        else {
            throw .cannotWrite(path: partial.path, reason: String(cString: strerror(errno)))
        }
        self.handle = handle
        log = RejectLog(streamingTo: handle)
    }

    /// Flushes the file and renames it to `rejects.csv`.
    /// - Throws: `ReportError.cannotWrite` when writing failed midway.
    func commit() throws(ReportError) {
        log.flush()
        if let failure = log.writeFailure { throw .cannotWrite(path: final.path, reason: failure) }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .cannotWrite(path: final.path, reason: AtomicFile.describe(error))
        }
        // rename(2) replaces an old rejects.csv in one step.
        guard rename(partial.path, final.path) == 0 else {
            throw .cannotWrite(path: final.path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    /// Removes the temporary file unless it was committed.
    func discard() {
        guard !committed else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: partial)
    }
}
