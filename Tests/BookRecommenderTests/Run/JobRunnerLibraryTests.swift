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
}
