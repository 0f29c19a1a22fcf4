import Foundation
import Testing

@testable import BookRecommender

/// `exportCoreML` in job files: a path, taken from the job file's folder.
@Suite struct ExportSettingTests {
    func load(_ text: String) throws -> RunSettings {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("job.json")
        try Data(text.utf8).write(to: file)
        return try JobFile.load(file.path, over: RunSettings())
    }

    @Test func aRelativePathIsTakenFromTheJobFolder() throws {
        let settings = try load(#"{"inputs": ["in"], "exportCoreML": "app/books.mlmodel"}"#)
        let path = try #require(settings.exportCoreML)
        #expect(path.hasPrefix("/") && path.hasSuffix("/app/books.mlmodel"))
        #expect(try load(#"{"inputs": ["in"]}"#).exportCoreML == nil)
    }

    @Test func aFileNotEndingInMlmodelIsAConfigError() {
        #expect {
            try load(#"{"inputs": ["in"], "exportCoreML": "model.bin"}"#)
        } throws: { error in
            (error as? ConfigError)?.problems.map(\.path) == ["$.exportCoreML"]
        }
    }

    @Test func theCommandLineHasNoFlagForIt() {
        #expect(Setting.all.contains { $0.jobKey == "exportCoreML" && $0.flag == nil })
    }
}
