import Foundation

/// An output folder and its `users/` folder (and `mail/`), created when missing and
/// resolved through symlinks once; every file name is then checked to be a
/// plain name, so nothing is written outside the folder (user ids never
/// become paths except through `SafeFileName`).
///
/// A shard's folder keeps `users/` and `mail/` apart from its other files:
/// they go to the folder all shards of the run share (`RunHistory.partsRun`).
struct ReportFolder: Sendable {
    /// The folder, symlinks resolved.
    let root: URL
    /// The folder holding `users/` and `mail/`: `root`, or a shard's shared one.
    let readersRoot: URL
    /// `readersRoot/users`, checked to resolve inside `readersRoot`.
    let users: URL

    /// - Throws: `ReportError.cannotCreateFolder`, or `.outsideOutputFolder`
    ///   when `users` resolves elsewhere (say, through a symlink planted there).
    init(_ folder: URL) throws(ReportError) {
        try self.init(folder, readersIn: folder)
    }

    /// A folder whose readers' own files go to `users/` and `mail/` in `readersFolder`.
    /// - Throws: `ReportError.cannotCreateFolder`, or `.outsideOutputFolder`
    ///   when `users` resolves outside `readersFolder`.
    init(_ folder: URL, readersIn readersFolder: URL) throws(ReportError) {
        try AtomicFile.createFolder(folder)
        root = folder.standardizedFileURL.resolvingSymlinksInPath()
        if readersFolder == folder {
            readersRoot = root
        } else {
            try AtomicFile.createFolder(readersFolder)
            readersRoot = readersFolder.standardizedFileURL.resolvingSymlinksInPath()
        }
        users = try Self.subfolder("users", of: readersRoot)
    }

    /// `readersRoot/mail`, created when missing, for the run's mails.
    /// - Throws: `ReportError.cannotCreateFolder`, or `.outsideOutputFolder`
    ///   when it resolves elsewhere.
    func mail() throws(ReportError) -> URL {
        try Self.subfolder("mail", of: readersRoot)
    }

    private static func subfolder(_ name: String, of root: URL) throws(ReportError) -> URL {
        let folder = root.appendingPathComponent(name, isDirectory: true)
        try AtomicFile.createFolder(folder)
        let resolved = folder.resolvingSymlinksInPath()
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard resolved.standardizedFileURL.path.hasPrefix(prefix) else {
            throw .outsideOutputFolder(path: resolved.path, folder: root.path)
        }
        return resolved
    }

    /// The path of `name` in the folder.
    /// - Throws: `ReportError.outsideOutputFolder` unless `name` is a plain file name.
    func path(_ name: String) throws(ReportError) -> String {
        try Self.path(name, in: root, root: root)
    }

    /// The path of `name` in `users/`.
    /// - Throws: `ReportError.outsideOutputFolder` unless `name` is a plain file name.
    func userPath(_ name: String) throws(ReportError) -> String {
        try Self.path(name, in: users, root: root)
    }

    /// The path of `name` in `folder` (`users/` or `mail/`).
    /// - Throws: `ReportError.outsideOutputFolder` unless `name` is a plain file name.
    func path(_ name: String, in folder: URL) throws(ReportError) -> String {
        try Self.path(name, in: folder, root: root)
    }

    private static func path(_ name: String, in folder: URL, root: URL) throws(ReportError) -> String {
        guard !name.isEmpty, name != ".", name != "..", !name.utf8.contains(UInt8(ascii: "/")),
            !name.utf8.contains(0)
        else { throw .outsideOutputFolder(path: folder.path + "/" + name, folder: root.path) }
        return folder.path + "/" + name
    }
}
