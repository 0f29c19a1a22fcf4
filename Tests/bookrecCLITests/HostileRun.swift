import Foundation
import Testing

/// A folder for one hostile run of the binary: inputs go in `input/`, the
/// reports in `out/`, and anything that appears elsewhere is a leak.
struct HostileRun {
    let root: URL
    var input: URL { root.appendingPathComponent("input") }
    var out: URL { root.appendingPathComponent("out") }
    /// The finished run's folder (`out/latest`).
    var report: URL { out.appendingPathComponent("latest") }

    init() throws {
        root = try Workspace.temporaryFolder()
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Writes `bytes` to `input/name` and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let url = input.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// `bookrec recommend INPUTS --no-enrich --out out EXTRA`.
    func recommend(_ inputs: [String], _ extra: [String] = []) throws -> BinaryRunner.Result {
        try BinaryRunner.run(["recommend"] + inputs + ["--no-enrich", "--out", out.path] + extra, in: root)
    }

    /// `out/latest/name` parsed as a JSON object.
    func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: report.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The rows of `out/latest/rejects.csv` after the header (`file,line,reason,record`).
    func rejectRows() throws -> [[String]] {
        let text = try String(contentsOf: report.appendingPathComponent("rejects.csv"), encoding: .utf8)
        return Array(Self.csvRows(text).dropFirst())
    }

    /// RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch (quoted, character) {
            case (true, "\""):
                quoted = false
            case (true, _):
                field.append(character)
            case (false, "\""):
                if !field.isEmpty { field.append("\"") }
                quoted = true
            case (false, ","):
                row.append(field)
                field = ""
            case (false, "\n"):
                rows.append(row + [field])
                row = []
                field = ""
            default:
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows
    }
}
