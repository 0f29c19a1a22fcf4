import Foundation

/// Paths of the repository the tests run in, and throwaway output folders.
enum Workspace {
    /// The repository root (this file is `Tests/bookrecCLITests/Workspace.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared` beside the checkout, when this machine has it.
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

    /// A new empty folder under the temporary directory; remove it when done.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bookrec-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The run `OUT/latest` points at, resolved (so enumerating it works).
    static func latest(in out: URL) -> URL {
        out.appendingPathComponent("latest").resolvingSymlinksInPath()
    }

    /// Every regular file under `folder`, by relative path.
    static func files(under folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = try Data(contentsOf: url)
            }
        }
        return result
    }
}
