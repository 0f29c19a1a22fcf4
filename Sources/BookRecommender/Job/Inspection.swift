import Foundation

/// `bookrec inspect`: reads the inputs as a run would and describes them,
/// writing nothing.
struct Inspection {
    var settings: RunSettings

    /// The table of files with their formats and counts, then the first rejects.
    /// - Throws: `IngestError` when an input does not exist.
    func run() throws -> String {
        let files = try InputExpansion.files(for: settings.inputs)
        let rejects = RejectLog(streamingTo: nil, keep: 10)
        let ingestor = Ingestor(
            format: settings.format, columns: settings.columns, ratingScale: settings.ratingScale, policy: .skip)
        let result = try ingestor.ingest(
            files, catalogFile: settings.catalog.map(InputFile.init(path:)), rejects: rejects)
        var rows = [["FILE", "FORMAT", "SCALE", "READ", "USED", "SHELVED", "BLANK", "REJECTED"]]
        for file in result.files {
            let format = (file.format?.rawValue ?? "unknown") + (file.detected ? "" : " (given)")
            rows.append([file.path, format, file.scale?.text ?? ""] + Self.numbers(file.records))
        }
        rows.append(["total", "", ""] + Self.numbers(result.totals))
        if let catalog = settings.catalog, let counts = result.catalog {
            rows.append(
                [catalog, "catalog", "", String(counts.read), String(counts.used), "", "", String(counts.rejected)])
        }
        var text = Self.table(rows)
        text += "\n\(result.data.userCount) users, \(result.data.itemCount) books\n"
        for file in result.files where file.error != nil {
            text += "stopped early: \(file.error!)\n"
        }
        if rejects.count > 0 {
            text += "\nfirst rejects (of \(rejects.count)):\n"
            for entry in rejects.first {
                text += "  \(entry.file):\(entry.line): \(entry.reason)\n"
            }
        }
        return text
    }

    static func numbers(_ counts: RecordCounts) -> [String] {
        [counts.read, counts.used, counts.shelved, counts.blank, counts.rejected].map(String.init)
    }

    /// Left-aligned text columns, right-aligned numbers.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 3 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
