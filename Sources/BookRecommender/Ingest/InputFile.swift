import Foundation

/// One file to ingest, as named on the command line or found in a folder.
public struct InputFile: Sendable, Equatable {
    /// The path as the user gave it (or folder path + name), used in messages.
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The user id a per-person export stands for: the file name without its
    /// last extension (`club/alice.csv` → `alice`).
    public var userFromFileName: String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }
}
