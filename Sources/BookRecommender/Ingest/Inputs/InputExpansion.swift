import Foundation

/// Turns the INPUT arguments into the files to read and the members (people)
/// they stand for. Every command that reads inputs goes through here.
///
/// - An input holding `*`, `?` or `[` that is not itself a path is a pattern,
///   expanded with `glob(3)` and sorted.
/// - A file stands for itself; its member is its name without the extension.
/// - A folder (a club) stands for every regular, non-hidden file directly in
///   it, each a member named after the file, and every non-hidden subfolder,
///   a member named after the subfolder whose files (directly in it) are all
///   that one person's exports, read as one reader. Entries are sorted by name
///   (byte order), so a folder always reads in the same order. A file named
///   twice is read once.
/// - Two per-person exports (or files of no known format) given apart that
///   would be one member (`a/goodreads_library_export.csv`,
///   `b/goodreads_library_export.csv`) are each named after the folder holding
///   them instead (`a`, `b`); when that still clashes, or a member folder is
///   one of them, nothing is read and the clash is an error naming both files.
///   Two people are never merged by accident.
enum InputExpansion {
    /// The files of `inputs`, in order, with their members.
    /// - Parameters:
    ///   - format: `--format`; with `columns`, tells the exports of one person
    ///     from files of many readers when names clash (formats are detected
    ///     only then).
    /// - Throws: `IngestError.cannotRead` for a path that does not exist, a
    ///   pattern that matches nothing, a folder with no files;
    ///   `.memberClash` when two sources of files would be one member.
    static func files(
        for inputs: [String], format: InputFormat? = nil, columns: ColumnMap? = nil
    ) throws(IngestError) -> [InputFile] {
        var files: [InputFile] = []
        var seen = Set<String>()
        for input in inputs {
            for file in try expand(input) where seen.insert((file.path as NSString).standardizingPath).inserted {
                files.append(file)
            }
        }
        try settleMembers(&files, format: format, columns: columns)
        return files
    }

    /// The one file `path` names (a catalog, a book list).
    /// - Throws: `IngestError.cannotRead` when it does not exist.
    static func file(_ path: String) throws(IngestError) -> InputFile {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .cannotRead(path: path, reason: "no such file or folder")
        }
        return InputFile(path: path)
    }

    /// The files one input stands for.
    private static func expand(_ input: String) throws(IngestError) -> [InputFile] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
            guard InputGlob.isPattern(input) else { throw .cannotRead(path: input, reason: "no such file or folder") }
            let matches = InputGlob.matches(input)
            guard !matches.isEmpty else { throw .cannotRead(path: input, reason: "the pattern matches nothing") }
            var files: [InputFile] = []
            for match in matches { files += try expand(match) }
            return files
        }
        guard isFolder.boolValue else { return [InputFile(path: input)] }
        var files: [InputFile] = []
        for path in try entries(of: input) {
            if isRegularFile(path) {
                files.append(InputFile(path: path))
            } else if isFolderPath(path) {
                let inside = try entries(of: path).filter(isRegularFile)
                // An empty member folder is still a member: the run says it gave nothing.
                files +=
                    inside.isEmpty
                    ? [InputFile(path: path, memberFolder: path)]
                    : inside.map { InputFile(path: $0, memberFolder: path) }
            }
        }
        guard !files.isEmpty else { throw .cannotRead(path: input, reason: "the folder holds no files") }
        return files
    }

    /// The non-hidden entries of `folder`, sorted by name (byte order).
    private static func entries(of folder: String) throws(IngestError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .cannotRead(path: folder, reason: AtomicFile.describe(error))
        }
        return names.filter { !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Renames lone files whose member names clash after the folders holding
    /// them (see the type's comment).
    /// - Throws: `IngestError.memberClash` when that does not settle it.
    private static func settleMembers(
        _ files: inout [InputFile], format: InputFormat?, columns: ColumnMap?
    ) throws(IngestError) {
        var perPerson: [Int: Bool] = [:]
        // Files of many readers take their users from a column: their names do not
        // matter. Formats are detected only for files whose names clash.
        func clashes() -> [(name: String, files: [Int])] {
            var byName: [String: [Int]] = [:]
            for (index, file) in files.enumerated() { byName[file.member, default: []].append(index) }
            return byName.compactMap { name, indices in
                guard Set(indices.map { files[$0].source }).count > 1 else { return nil }
                let people = indices.filter { index in
                    if let known = perPerson[index] { return known }
                    let detected = format ?? (try? FormatDetection.detect(files[index], columns: columns))
                    perPerson[index] = detected?.isPerPerson ?? true
                    return perPerson[index] ?? true
                }
                return Set(people.map { files[$0].source }).count > 1 ? (name, people) : nil
            }.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
        let original = files.map(\.member)
        for (name, indices) in clashes() {
            if let inFolder = indices.first(where: { files[$0].memberFolder != nil }),
                let other = indices.first(where: { files[$0].source != files[inFolder].source })
            {
                throw .memberClash(member: name, paths: [files[inFolder].path, files[other].path])
            }
            for index in indices { files[index].member = files[index].folderName }
        }
        if let (name, indices) = clashes().first {
            let names = Set(indices.map { original[$0] })
            throw .memberClash(
                member: names.count == 1 ? names.first ?? name : name, paths: indices.prefix(2).map { files[$0].path })
        }
    }

    /// True for a regular file, following symlinks (sockets and devices
    /// inside an input folder are skipped).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True for a folder, following symlinks.
    static func isFolderPath(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
