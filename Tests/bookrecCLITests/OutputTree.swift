import Foundation

/// What an output folder holds, for "nothing was touched" and "no partial
/// files" checks: every entry (hidden ones and symlinks included) with its
/// size, modification time and link target.
enum OutputTree {
    struct Entry: Equatable {
        var size: Int
        var modified: Double
        var link: String?
    }

    /// Every entry under `folder` by relative path, not following symlinks.
    static func entries(under folder: URL) -> [String: Entry] {
        var result: [String: Entry] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            result[relative] = Entry(size: Int(info.st_size), modified: modified, link: link)
        }
        return result
    }

    /// Names of entries anywhere under `folder` that a finished or abandoned
    /// run must not leave: hidden run folders, partial files, temporary links.
    static func leftovers(under folder: URL) -> [String] {
        entries(under: folder).keys.filter { path in
            path.split(separator: "/").contains { $0.hasPrefix(".") } || path.contains(".partial")
                || path.contains(".tmp")
        }.sorted()
    }

    /// The names in `OUT/runs`, sorted.
    static func runs(in out: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("runs").path)) ?? [])
            .sorted()
    }

    /// The run `OUT/latest` names (`20261130T…Z`), or nil without one.
    static func latest(in out: URL) -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("latest").path))
            .map { ($0 as NSString).lastPathComponent }
    }
}
