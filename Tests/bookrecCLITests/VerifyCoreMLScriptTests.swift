import Foundation
import Testing

/// Runs `scripts/verify-coreml`, which installs coremltools from PyPI into a
/// throwaway virtual environment and checks an exported model with it. Skipped
/// where Python cannot make a virtual environment or PyPI cannot be reached.
@Suite struct VerifyCoreMLScriptTests {
    /// Runs `command` under `timeout`, quietly; true when it exits 0.
    static func succeeds(_ command: String, seconds: Int) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", String(seconds), "sh", "-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// `python3 -m venv` with pip works, and PyPI answers within a few seconds.
    static let pythonAndPyPI: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("venv-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return succeeds("python3 -m venv '\(folder.path)' && '\(folder.path)/bin/python' -m pip --version", seconds: 60)
            && succeeds(
                "python3 -c \"import urllib.request; urllib.request.urlopen('https://pypi.org/simple/coremltools/', timeout=8)\"",
                seconds: 10)
    }()

    @Test(.enabled(if: pythonAndPyPI, "needs python3 -m venv and PyPI"), .timeLimit(.minutes(5)))
    func coremltoolsAgreesWithBookrec() throws {
        let process = Process()
        process.executableURL = Workspace.root.appendingPathComponent("scripts/verify-coreml")
        var environment = ProcessInfo.processInfo.environment
        environment["BOOKREC"] = BinaryRunner.binary.path
        environment["VERIFY_COREML_VENV"] = nil
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("ok    model type is itemSimilarityRecommender"))
        #expect(text.contains("ok    kai: Core ML's rule on the spec gives bookrec's 10 picks in order"))
        #expect(text.hasSuffix("verify-coreml: all checks passed\n"), "\(text)")
    }
}
