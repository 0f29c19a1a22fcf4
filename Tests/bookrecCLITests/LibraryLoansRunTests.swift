import Foundation
import Testing

/// A library's run through the built binary: `recommend input/library/loans.csv
/// --catalog input/library/catalog.xml`. The catalog is read here on its own
/// (one subfield a line, as `scripts/make-library-sample.py` writes it), so
/// the checks do not lean on bookrec's MARC reader.
@Suite struct LibraryLoansRunTests {
    static let loans = "input/library/loans.csv"
    static let catalog = "input/library/catalog.xml"

    /// One MARC record of the sample: its key (ISBN-13, else its 001), title and every id of it a loan may name.
    struct Record {
        var key: String
        var title: String
        var ids: [String]
    }

    /// The sample catalog's records, by `barcode:…`, `itemnumber:…` and `biblionumber:…`.
    static func records() throws -> [String: Record] {
        let text = try String(contentsOf: Workspace.root.appendingPathComponent(catalog), encoding: .utf8)
        var byID: [String: Record] = [:]
        var control = "", isbn: String?, title = "", subtitle = "", ids: [String] = [], tag = ""
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line == "<record>" {
                (control, isbn, title, subtitle, ids) = ("", nil, "", "", [])
            } else if line.hasPrefix("<controlfield tag=\"001\">") {
                control = Self.content(line)
            } else if line.hasPrefix("<datafield tag=\"") {
                tag = String(line.dropFirst(16).prefix(3))
            } else if line.hasPrefix("<subfield code=\"") {
                let code = line.dropFirst(16).prefix(1)
                let value = Self.content(line)
                switch (tag, code) {
                case ("020", "a") where isbn == nil: isbn = Self.isbn13(value)
                case ("245", "a"): title = Self.trimmingISBD(value)
                case ("245", "b"): subtitle = Self.trimmingISBD(value)
                case ("952", "p"): ids.append("barcode:" + value)
                case ("952", "9"): ids.append("itemnumber:" + value)
                case ("999", "c"): ids.append("biblionumber:" + value)
                default: break
                }
            } else if line == "</record>" {
                let record = Record(
                    key: isbn ?? control, title: subtitle.isEmpty ? title : title + ": " + subtitle, ids: ids)
                for id in ids where byID[id] == nil { byID[id] = record }
            }
        }
        return byID
    }

    /// The text of a one-line element, XML's five entities decoded.
    static func content(_ line: String) -> String {
        let start = line.index(after: line.firstIndex(of: ">")!)
        let end = line.range(of: "</", options: .backwards)!.lowerBound
        var text = String(line[start..<end])
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// A title field without its closing ISBD punctuation (`The hunger games /`).
    static func trimmingISBD(_ text: String) -> String {
        var text = text
        while let last = text.last, " /:;,.".contains(last) { text.removeLast() }
        return text
    }

    /// The ISBN-13 of an `020 $a` (`0439023483 (hbk.)`), or nil.
    static func isbn13(_ field: String) -> String? {
        let digits = field.prefix { $0.isNumber || $0 == "X" || $0 == "-" }.filter { $0 != "-" }
        if digits.count == 13 { return String(digits) }
        guard digits.count == 10 else { return nil }
        let stem = "978" + digits.prefix(9)
        let sum = stem.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3) }
        return stem + String((10 - sum % 10) % 10)
    }

    /// Whether `key` is an ISBN-13 with a valid check digit.
    static func isISBN13(_ key: String) -> Bool {
        let digits = key.compactMap { $0.wholeNumberValue }
        guard digits.count == 13, key.count == 13, key.hasPrefix("978") || key.hasPrefix("979") else { return false }
        return digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) } % 10 == 0
    }

    /// Each patron's books (record keys) from `loans.csv`, any copy of a title
    /// mapped to its record, with the lines of loans no record holds.
    static func borrowed(_ records: [String: Record]) throws -> (books: [String: Set<String>], unknown: [Int]) {
        let text = try String(contentsOf: Workspace.root.appendingPathComponent(loans), encoding: .utf8)
        var books: [String: Set<String>] = [:]
        var unknown: [Int] = []
        for (offset, line) in text.split(separator: "\n").dropFirst().enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let ids = zip(["barcode:", "itemnumber:", "biblionumber:"], fields[2...4]).filter { !$0.1.isEmpty }
            guard let (prefix, id) = ids.first, let record = records[prefix + id] else {
                unknown.append(offset + 2)
                continue
            }
            books[fields[0], default: []].insert(record.key)
        }
        return (books, unknown)
    }

    /// Runs the library's job into a new folder; returns the result and the folder (to remove).
    static func run(threads: Int) throws -> (BinaryRunner.Result, URL) {
        let out = try Workspace.temporaryFolder()
        let result = try BinaryRunner.run(
            [
                "recommend", loans, "--catalog", catalog, "--no-enrich", "--threads", String(threads), "--out",
                out.path,
            ], in: Workspace.root)
        return (result, out)
    }

    /// No patron is recommended a title they borrowed, in any copy; picks are
    /// keyed by ISBN-13 (the pamphlet by its record id) and carry MARC titles;
    /// reasons are loans of the patron's.
    @Test func noPatronIsRecommendedATitleTheyBorrowedInAnyCopy() throws {
        let records = try Self.records()
        #expect(Set(records.values.map(\.key)).count == 23)
        let titles = Dictionary(records.values.map { ($0.key, $0.title) }, uniquingKeysWith: { first, _ in first })
        let (borrowed, unknown) = try Self.borrowed(records)
        #expect(borrowed.count == 40 && unknown == [89, 283])
        let (result, out) = try Self.run(threads: 1)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let files = try Workspace.files(under: Workspace.latest(in: out))
        var picked = 0
        for (patron, theirs) in borrowed {
            let page = try DemoJobTests.object(files["users/\(patron).json"])
            let picks = try #require(page["recommendations"] as? [[String: Any]])
            #expect(!picks.isEmpty, "\(patron)")
            for pick in picks {
                let item = try #require(pick["item"] as? String)
                picked += 1
                #expect(!theirs.contains(item), "patron \(patron) borrowed \(item)")
                #expect(pick["title"] as? String == titles[item], "\(item)")
                if item == "23" {
                    #expect(pick["isbn13"] == nil || pick["isbn13"] is NSNull)
                } else {
                    #expect(Self.isISBN13(item) && pick["isbn13"] as? String == item, "\(item)")
                }
                for reason in pick["because"] as? [[String: Any]] ?? [] {
                    #expect(reason["interaction"] as? String == "loan" && reason["rating"] == nil)
                    #expect(theirs.contains(reason["item"] as? String ?? ""), "patron \(patron): \(reason)")
                    #expect(reason["title"] as? String == titles[reason["item"] as? String ?? ""])
                }
            }
        }
        #expect(picked > 0)
        #expect(files.keys.filter { $0.hasPrefix("users/") && $0.hasSuffix(".json") }.count == 40)
    }

    /// read = used + shelved + blank + rejected, all loans; rejects.csv has a row per rejected record.
    @Test func theAccountingIsExact() throws {
        let (result, out) = try Self.run(threads: 2)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "bookrec: 40 users, 23 books, 0 ratings and 373 books without stars used, 2 rejected; report: "),
            "\(result.stdout)")
        let files = try Workspace.files(under: Workspace.latest(in: out))
        let summary = try DemoJobTests.object(files["summary.json"])
        let object = try #require(summary["records"] as? [String: Any])
        let records = object.compactMapValues { $0 as? Int }
        #expect(records == ["read": 375, "used": 0, "shelved": 373, "blank": 0, "rejected": 2])
        #expect(records["read"] == records["used"]! + records["shelved"]! + records["blank"]! + records["rejected"]!)
        #expect(object["interactions"] as? [String: Int] == ["loan": 373])
        let fileReports = try #require(summary["files"] as? [[String: Any]])
        #expect(fileReports.map { $0["format"] as? String } == ["loans"])
        let rows = HostileRun.csvRows(String(decoding: try #require(files["rejects.csv"]), as: UTF8.self))
        #expect(rows.first == ["file", "line", "reason", "record"])
        #expect(rows.count - 1 == records["rejected"])
        #expect(rows.dropFirst().map { $0[0] } == [Self.loans, Self.loans])
        #expect(rows.dropFirst().map { $0[1] } == ["89", "283"])
        #expect(
            rows.dropFirst().map { $0[2] } == [
                "barcode:3900000012345 is not in the catalog (give --catalog with the library's MARCXML or holdings)",
                "barcode:39000000999901 is not in the catalog (give --catalog with the library's MARCXML or holdings)",
            ])
        #expect(summary["users"] as? Int == 40 && summary["items"] as? Int == 23)
        let catalogText = try String(contentsOf: Workspace.root.appendingPathComponent(Self.catalog), encoding: .utf8)
        let recordCount = catalogText.components(separatedBy: "<record>").count - 1
        let catalog = try #require(summary["catalog"] as? [String: Any]).compactMapValues { $0 as? Int }
        #expect(catalog == ["read": recordCount, "used": recordCount, "shelved": 0, "blank": 0, "rejected": 0])
        let withoutISBN = Set(try Self.records().values.filter { !Self.isISBN13($0.key) }.map(\.key))
        #expect(
            summary["catalogDetail"] as? [String: Int] == [
                "withoutISBN": withoutISBN.count,
                "copies": catalogText.components(separatedBy: "tag=\"952\"").count - 1,
                "clashes": 0,
            ])
    }

    /// The library's reports are byte for byte the same on one thread and two.
    @Test func reportsAreByteIdenticalOnOneThreadAndTwo() throws {
        let (first, one) = try Self.run(threads: 1)
        let (second, two) = try Self.run(threads: 2)
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: two)
        }
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        var a = try Workspace.files(under: Workspace.latest(in: one))
        var b = try Workspace.files(under: Workspace.latest(in: two))
        #expect(a.keys.filter { $0.hasPrefix("users/") }.count == 80)
        let summaries = try (DemoJobTests.object(a["summary.json"]), DemoJobTests.object(b["summary.json"]))
        #expect(ModelRunTests.withoutPerRunFields(summaries.0) == ModelRunTests.withoutPerRunFields(summaries.1))
        a["summary.json"] = nil
        b["summary.json"] = nil
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a where b[path] != data {
            Issue.record("\(path) differs between --threads 1 and --threads 2")
        }
    }
}
