import Foundation

/// One file to ingest, as named on the command line or found in a folder.
struct InputFile: Sendable, Equatable {
    /// The path as the user gave it (or folder path + name), used in messages.
    var path: String
    /// The member (person) a per-person export stands for: its file name
    /// without the last extension (`club/alice.csv` → `alice`), or the name of
    /// the member folder holding it (`club/alice/goodreads_library_export.csv`
    /// → `alice`); see `InputExpansion` for how clashes are settled.
    var member: String
    /// The member folder the file is in (or is, when the folder is empty), if any.
    var memberFolder: String?

    init(path: String, memberFolder: String? = nil) {
        self.path = path
        self.memberFolder = memberFolder
        member = memberFolder.map { ($0 as NSString).lastPathComponent } ?? Self.stem(of: path)
    }

    /// What gives the file its member name: its member folder, or the file itself.
    var source: String { memberFolder ?? path }

    /// The file name without its last extension (`club/alice.csv` → `alice`).
    static func stem(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    /// The name of the folder holding the file (`club/alice.csv` → `club`),
    /// the current folder's for a bare file name.
    var folderName: String {
        let folder = (path as NSString).deletingLastPathComponent
        let absolute =
            folder.isEmpty || !folder.hasPrefix("/")
            ? (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder) : folder
        return ((absolute as NSString).standardizingPath as NSString).lastPathComponent
    }
}
