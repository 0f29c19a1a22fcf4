import Foundation
import Testing

@testable import BookRecommender

/// A program running whole jobs through the library: its log lines reach the
/// sink it gives, and cancelling its task stops the run without a trace.
@Suite struct JobRunnerLibraryTests {
    static let club = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("input")

    /// Collects what a `LogSink` is handed.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []

        func add(_ text: String) {
            lock.lock()
            texts.append(text)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return texts
        }
    }

    func settings(out: URL) -> RunSettings {
        var settings = RunSettings()
        settings.inputs = [Self.club.appendingPathComponent("club").path]
        settings.catalog = Self.club.appendingPathComponent("catalog.csv").path
        settings.out = out.path
        settings.enrich.enabled = false
        return settings
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("joblib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func everyLogLineGoesToTheSinkGiven() async throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let lines = Lines()
        let log = Log(format: .json, sink: LogSink { lines.add($0) })

        _ = try await JobRunner(settings: settings(out: out), log: log).run()

        let events = try lines.all.map { text -> String in
            #expect(text.hasSuffix("\n") && text.dropLast().firstIndex(of: "\n") == nil)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return "\(object["stage"] ?? "")/\(object["event"] ?? "")"
        }
        #expect(events.first == "run/start")
        #expect(events.contains("run/committed"))
        #expect(events.filter { $0 == "ingest/file" }.count == 8)
    }

    @Test func aCancelledRunThrowsAndLeavesNoRun() async throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let settings = settings(out: out)
        let task = Task {
            try await JobRunner(settings: settings, log: Log(quiet: true)).run()
        }
        task.cancel()

        await #expect(throws: CancellationError.self) { try await task.value }
        let runs = out.appendingPathComponent("runs")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: runs.path)) ?? []
        #expect(left.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("latest").path))
    }

    /// `Job(file:)` checks the file as `bookrec run` does, every problem at once,
    /// and `run()` hands back the committed folder that `latest` names.
    @Test func aJobFileInARunFolderOut() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"colour": "blue", "top": "ten"}"#.utf8).write(to: bad)
        let error = try #require(throws: ConfigError.self) { try Job(file: bad.path) }
        #expect(error.file == bad.path)
        #expect(error.problems.map(\.path) == ["$.colour", "$.top", "$.inputs"])

        let good = folder.appendingPathComponent("club.json")
        let club = Self.club.path
        try Data(
            """
            {"inputs": ["\(club)/club"], "catalog": "\(club)/catalog.csv", "out": "out", "enrich": false}
            """.utf8
        ).write(to: good)
        let result = try await Job(file: good.path).run()
        let latest = try FileManager.default.destinationOfSymbolicLink(
            atPath: folder.appendingPathComponent("out/latest").path)
        #expect(result.folder.lastPathComponent == URL(fileURLWithPath: latest).lastPathComponent)
        #expect(result.records.balances && result.records.used > 0 && result.readers == 13)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: result.summary)) as? [String: Any]
        #expect(summary?["users"] as? Int == 13)
    }
}
