import BookRecommenderTestSupport
import Foundation
import Testing

@testable import BookRecommender

/// The demo club's real output against `schemas/`, and the digest's totals
/// against `summary.json`.
@Suite struct DigestAgreesWithSummaryTests {
    static func schema(_ name: String) throws -> JSONSchemaValidator {
        let url = Workspace.root.appendingPathComponent("schemas").appendingPathComponent(name)
        return JSONSchemaValidator(schema: try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url)))
    }

    /// The demo's output files with `extra` flags; the folder is removed afterwards.
    static func demo(_ extra: [String]) throws -> [String: Data] {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        let result = try BinaryRunner.run(["run", job, "--out", out.path] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try Workspace.files(under: Workspace.latest(in: out))
    }

    /// The number after `label` at the start of a line of `text`.
    static func number(after label: String, in text: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap {
            Int($0.dropFirst(label.count).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
        }
    }

    @Test(arguments: [["--no-enrich"], ["--offline"]])
    func summaryAndUserFilesFollowTheirSchemas(_ flags: [String]) throws {
        let files = try Self.demo(flags)
        let summary = try JSONDecoder().decode(JSONValue.self, from: try #require(files["summary.json"]))
        #expect(try Self.schema("summary.schema.json").errors(in: summary) == [])
        let users = try Self.schema("user-report.schema.json")
        let userFiles = files.keys.filter { $0.hasPrefix("users/") && $0.hasSuffix(".json") }.sorted()
        #expect(userFiles.count == 13)
        for name in userFiles {
            let document = try JSONDecoder().decode(JSONValue.self, from: try #require(files[name]))
            #expect(users.errors(in: document) == [], "\(name)")
        }
        let lines = String(decoding: try #require(files["recommendations.jsonl"]), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 13)
        for line in lines {
            #expect(users.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))) == [])
        }
    }

    @Test(arguments: [["--no-enrich"], ["--offline"]])
    func digestTotalsAgreeWithTheSummary(_ flags: [String]) throws {
        let files = try Self.demo(flags)
        let summaryData = try #require(files["summary.json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: summaryData) as? [String: Any])
        // Counts, and the books without stars by kind as an object of their own.
        let recordFields = try #require(summary["records"] as? [String: Any])
        let records = recordFields.compactMapValues { $0 as? Int }
        #expect(Set(recordFields.keys).subtracting(records.keys) == ["interactions"])
        let enrichment = try #require(summary["enrichment"] as? [String: Any])
        let enriched = (enrichment["stats"] as? [String: Any])?["enriched"] as? Int ?? 0
        let books = try #require(enrichment["books"] as? Int)
        let expected: [(String, Int?)] = [
            ("Members:", summary["users"] as? Int), ("Books:", summary["items"] as? Int),
            ("Ratings:", records["used"]), ("Rejected records:", records["rejected"]),
        ]
        let digest = String(decoding: try #require(files["digest.txt"]), as: UTF8.self)
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        let nouns = ["members", "books", "ratings", "rejected records"]
        for ((label, value), noun) in zip(expected, nouns) {
            let value = try #require(value)
            #expect(Self.number(after: label, in: digest) == value, "\(label)")
            #expect(index.contains("<li><strong>\(value)</strong> \(noun)</li>"), "\(noun)")
        }
        #expect(digest.contains("Google Books:     \(enriched) of \(books) recommended books described\n"))
        #expect(index.contains("Google Books described \(enriched) of \(books) recommended books"))
        #expect(books > 0)
    }
}
