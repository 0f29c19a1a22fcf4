import Foundation

/// Turns the INPUT arguments into the files to read: a file stands for itself,
/// a folder for every regular, non-hidden file directly inside it, sorted by
/// name (byte order), so the same folder always reads in the same order.
public enum InputExpansion {
    /// - Throws: `IngestError.cannotRead` for a path that does not exist, is
    ///   neither file nor folder, or a folder with no files.
    public static func files(for inputs: [String]) throws(IngestError) -> [InputFile] {
        var files: [InputFile] = []
        for input in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
                throw .cannotRead(path: input, reason: "no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(InputFile(path: input))
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: input)
            } catch {
                throw .cannotRead(path: input, reason: AtomicFile.describe(error))
            }
            let found = names.filter { !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .map { (input as NSString).appendingPathComponent($0) }
                .filter(isRegularFile)
            guard !found.isEmpty else { throw .cannotRead(path: input, reason: "the folder holds no files") }
            files.append(contentsOf: found.map(InputFile.init(path:)))
        }
        return files
    }

    /// True for a regular file, following symlinks (folders, sockets and
    /// devices inside an input folder are skipped).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
