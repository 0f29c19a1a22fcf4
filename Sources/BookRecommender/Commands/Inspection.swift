import Foundation

/// `bookrec inspect`: reads the inputs as a run would (the same patterns,
/// folders and members) and describes them, and the model file with
/// `--model`, writing nothing.
package struct Inspection {
    let settings: RunSettings

    package init(settings: RunSettings) { self.settings = settings }

    /// What `run()` found.
    package struct Report {
        /// The model (with `--model`), the tables of files and members, then the first rejects.
        package var text: String
        /// Files that could not be used at all (unknown format, unreadable): `inspect` then exits 65.
        package var unusable: [FileReport]
    }

    /// The model (with `--model`), then the table of files with their
    /// formats, scales and counts, the members with their files, then the
    /// first rejects.
    /// - Throws: `IngestError` when an input does not exist or member names
    ///   clash, `BookModelError` when the model file is missing or damaged.
    package func run() throws -> Report {
        let model = try settings.modelFile.map { path throws(BookModelError) in try ModelInspection(path: path) }
        guard !settings.inputs.isEmpty else { return Report(text: model?.text ?? "", unusable: []) }
        let files = try settings.inputFiles()
        let rejects = RejectLog(streamingTo: nil, keep: 10)
        let result = try IngestStage(settings: settings, log: Log()).read(
            files, catalog: try settings.catalogFile(), plan: .parse(policy: .skip), rejects: rejects)
        var rows = [Self.fileColumns]
        for file in result.files {
            let format = (file.format?.rawValue ?? "unknown") + (file.detected ? "" : " (given)")
            rows.append([file.path, format, file.scale?.text ?? ""] + Self.numbers(file.records))
        }
        rows.append(["total", "", ""] + Self.numbers(result.totals))
        if let catalog = settings.catalog, let counts = result.catalog {
            rows.append(
                [catalog, "catalog", "", String(counts.read), String(counts.used), "", "", String(counts.rejected), ""])
        }
        var text = (model.map { $0.text + "\n" } ?? "") + Self.table(rows, textColumns: 3, lastIsText: true)
        text += "\n\(result.data.userCount) users, \(result.data.itemCount) books\n"
        if let model { text += model.coverage(of: Ratings(data: result.data, items: result.items)) }
        text += Self.members(result)
        text += Self.isbnRepairs(result.files)
        if let detail = result.catalogDetail {
            text +=
                "catalog: \(detail.copies) copies; records without an ISBN (keyed by their 001): \(detail.withoutISBN); "
                + "naming an id an earlier record held: \(detail.clashes)\n"
        }
        let members = Set(result.members.flatMap(\.files))
        for file in result.files where file.error != nil {
            let kept = file.records.used + file.records.shelved > 0
            guard kept || !members.contains(file.path) else { continue }
            text += "\(kept ? "stopped early" : "cannot be used"): \(file.error ?? "")\n"
        }
        if rejects.count > 0 {
            text += "\nfirst rejects (of \(rejects.count)):\n"
            for entry in rejects.first {
                text += "  \(entry.file):\(entry.line): \(entry.reason)\n"
            }
        }
        let unusable = result.files.filter { $0.format == nil || ($0.error != nil && $0.records.used == 0) }
        return Report(text: text, unusable: unusable)
    }

    /// The members with their ratings, shelf and files, then the ones whose
    /// files gave no rating with why; empty without members.
    static func members(_ result: Ingestor.Result) -> String {
        guard !result.members.isEmpty else { return "" }
        var rows = [["MEMBER", "RATINGS", "SHELVED", "WITHOUT STARS", "FILES"]]
        for member in result.members {
            rows.append(
                [
                    member.name, String(member.records.used), String(member.records.shelved),
                    kinds(member.records.interactions), member.files.joined(separator: " "),
                ])
        }
        var text = "\n" + table(rows, textColumns: 1, lastIsText: true)
        for member in result.membersWithoutRatings {
            text += "no usable rating from \(member.name): \(member.problem ?? "")\n"
        }
        return text
    }

    /// Per file whose reader notes them, the ISBNs repaired and those beyond repair; empty when none is.
    static func isbnRepairs(_ files: [FileReport]) -> String {
        var text = ""
        for file in files {
            guard let repairs = file.isbnRepairs, repairs.repaired + repairs.unrepairable > 0 else { continue }
            text += "isbns of \(file.path): \(repairs.repaired) repaired, \(repairs.unrepairable) beyond repair"
            text += repairs.zeroAndXKept ? " (the file keeps keys like 034545104X whole)\n" : "\n"
        }
        return text.isEmpty ? "" : "\n" + text
    }

    /// The heading of a table of files and their `numbers`.
    static let fileColumns = [
        "FILE", "FORMAT", "SCALE", "READ", "USED", "SHELVED", "BLANK", "REJECTED", "WITHOUT STARS",
    ]

    /// The counts as table cells, the interactions by kind last.
    static func numbers(_ counts: RecordCounts) -> [String] {
        [counts.read, counts.used, counts.shelved, counts.blank, counts.rejected].map(String.init)
            + [kinds(counts.interactions)]
    }

    /// "read 9, to-read 31": the kinds with a count, in kind order.
    static func kinds(_ counts: InteractionCounts) -> String {
        counts.nonZero.map { "\($0.kind.name) \($0.count)" }.joined(separator: ", ")
    }

    /// The first `textColumns` columns (and the last, with `lastIsText`) left-aligned, numbers right-aligned.
    static func table(_ rows: [[String]], textColumns: Int, lastIsText: Bool = false) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let isText = column < textColumns || (lastIsText && column == row.count - 1)
                if isText && column == row.count - 1 { return cell }
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return isText ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
