import Foundation

/// Writes files so that a reader (or an interrupted run) never sees half of one.
enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, flushes it, and renames
    /// it over `url`.
    /// - Throws: `ReportError.cannotWrite` naming the path.
    static func write(_ data: Data, to url: URL) throws(ReportError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: describe(error))
        }
    }

    /// Creates `url` and its parents as needed.
    /// - Throws: `ReportError.cannotCreateFolder` naming the path.
    static func createFolder(_ url: URL) throws(ReportError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: url.path, reason: describe(error))
        }
    }

    /// The POSIX reason behind a Foundation error, when there is one.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
