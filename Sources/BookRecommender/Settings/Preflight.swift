import Foundation

/// The checks a run makes before any work: inputs (after glob expansion),
/// the catalog, book lists and model file exist, and the output folder can be written.
/// Every problem is collected, named by the job file's JSON path or the flag
/// that set it, and thrown together.
struct Preflight {
    /// Where each path setting came from: `$.inputs`, `--out`, `INPUT`.
    var origin: (_ key: String) -> String
    /// The job file, or `command line`.
    var file: String

    /// Checks naming each setting by `origin(key)`, in `file`.
    init(origin: @escaping (_ key: String) -> String, file: String) {
        self.origin = origin
        self.file = file
    }

    /// The settings with input patterns expanded.
    /// - Throws: `ConfigError` listing every missing input and an unwritable output folder.
    func check(_ settings: RunSettings) throws(ConfigError) -> RunSettings {
        var problems: [ConfigError.Problem] = []
        var expanded: [String] = []
        let inputsOrigin = origin("inputs")
        for (index, input) in settings.inputs.enumerated() {
            let path = inputsOrigin.hasPrefix("$") ? "\(inputsOrigin)[\(index)]" : inputsOrigin
            if InputGlob.isPattern(input) {
                let matches = InputGlob.matches(input)
                if matches.isEmpty {
                    problems.append(.init(path: path, message: "'\(input)' matches nothing", kind: .missingInput))
                }
                expanded += matches
            } else if !FileManager.default.fileExists(atPath: input) {
                problems.append(.init(path: path, message: "\(input): no such file or folder", kind: .missingInput))
            } else {
                expanded.append(input)
            }
        }
        let files = [
            ("catalog", settings.catalog), ("exclude", settings.exclude), ("only", settings.only),
            ("model", settings.modelFile), ("members", settings.members),
        ]
        for (key, value) in files {
            guard let value, !FileManager.default.fileExists(atPath: value) else { continue }
            problems.append(.init(path: origin(key), message: "\(value): no such file", kind: .missingInput))
        }
        if let reason = Self.unwritable(settings.out) {
            problems.append(.init(path: origin("out"), message: "\(settings.out): \(reason)", kind: .unwritableOutput))
        }
        guard problems.isEmpty else { throw ConfigError(file: file, problems: problems) }
        var result = settings
        result.inputsAsGiven = settings.inputsAsGiven ?? settings.inputs
        result.inputs = expanded
        return result
    }

    /// Why `folder` could not be created or written, or nil when it can: the
    /// folder, or else its nearest existing parent, must be a writable folder.
    static func unwritable(_ folder: String) -> String? {
        var path = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        while true {
            var info = stat()
            if stat(path, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(path) is not a folder" }
                guard access(path, W_OK | X_OK) == 0 else { return "\(path) is not writable" }
                return nil
            }
            // Up one level: drop trailing slashes, then the last component.
            while path.count > 1, path.hasSuffix("/") { path.removeLast() }
            guard let slash = path.lastIndex(of: "/") else { return "no existing parent folder" }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }
}
