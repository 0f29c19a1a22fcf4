import Foundation

/// Reads a job file: a JSON object holding the same settings as the command
/// line (`inputs`, `format`, `catalog`, `top`, `out`, …).
enum JobFile {
    /// Keys that are paths; relative ones are taken from the job file's folder,
    /// so a job runs the same from cron as from the shell.
    static let pathKeys: Set<String> = [
        "inputs", "catalog", "out", "cache", "exclude", "only", "exportCoreML", "model", "members",
    ]

    /// Applies the job file at `path` over `settings`.
    /// - Throws: `ConfigError` listing every unknown key, wrong type and bad
    ///   value with its JSON path, or why the file cannot be read or parsed.
    static func load(_ path: String, over settings: RunSettings) throws(ConfigError) -> RunSettings {
        let (result, problems) = try read(path, over: settings)
        guard problems.isEmpty else { throw ConfigError(file: path, problems: problems) }
        return result
    }

    /// Applies every valid key of the job file at `path` over `settings` and
    /// returns the problems of the others, so that the caller can add its own
    /// (missing inputs, say) and report them all together.
    /// - Throws: `ConfigError` only when the file cannot be read or is not a JSON object.
    static func read(
        _ path: String, over settings: RunSettings
    ) throws(ConfigError) -> (RunSettings, [ConfigError.Problem]) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError(file: path, problems: [.init(path: "$", message: "cannot read the job file")])
        }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ConfigError(file: path, problems: [.init(path: "$", message: "not valid JSON: \(reason(error))")])
        }
        guard case .object(let object) = document else {
            throw ConfigError(
                file: path, problems: [.init(path: "$", message: "expected an object, found \(document.typeName)")])
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let folder = (absolute as NSString).deletingLastPathComponent
        var result = settings
        var problems: [ConfigError.Problem] = []
        for key in object.keys.sorted() {
            let jsonValue = object[key]!
            guard let setting = Setting.all.first(where: { $0.jobKey == key }) else {
                let known = Setting.all.compactMap(\.jobKey).sorted().joined(separator: ", ")
                problems.append(.init(path: "$.\(key)", message: "unknown key (known keys: \(known))"))
                continue
            }
            if case .array(let items) = jsonValue {
                for (index, item) in items.enumerated() where item.typeName != "string" {
                    problems.append(
                        .init(path: "$.\(key)[\(index)]", message: "expected string, found \(item.typeName)"))
                }
            }
            guard var value = jsonValue.settingValue, setting.accepts(value) else {
                if case .array = jsonValue, setting.kind == .strings { continue }
                problems.append(
                    .init(path: "$.\(key)", message: "expected \(typeName(setting.kind)), found \(jsonValue.typeName)"))
                continue
            }
            if pathKeys.contains(key) { value = resolved(value, against: folder) }
            if let expected = setting.set(value, on: &result) {
                guard setting.kind == .object else {
                    problems.append(.init(path: "$.\(key)", message: "invalid value: expected \(expected)"))
                    continue
                }
                for line in expected.split(separator: "\n") {
                    let parts = line.split(separator: ": ", maxSplits: 1).map(String.init)
                    problems.append(.init(path: "$.\(key).\(parts[0])", message: parts.count > 1 ? parts[1] : ""))
                }
            }
        }
        return (result, problems)
    }

    static func typeName(_ kind: Setting.Kind) -> String {
        switch kind {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .strings: "array of strings"
        case .object: "object"
        }
    }

    static func resolved(_ value: SettingValue, against folder: String) -> SettingValue {
        // Absolute from the job's folder, then shown relative to the working
        // folder when inside it, so messages and rejects.csv stay short.
        let workingFolder = FileManager.default.currentDirectoryPath + "/"
        func absolute(_ path: String) -> String {
            if path.hasPrefix("/") { return path }
            let full = ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
            return full.hasPrefix(workingFolder) ? String(full.dropFirst(workingFolder.count)) : full
        }
        switch value {
        case .string(let path): return .string(absolute(path))
        case .strings(let paths): return .strings(paths.map(absolute))
        default: return value
        }
    }

    static func reason(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    }
}
