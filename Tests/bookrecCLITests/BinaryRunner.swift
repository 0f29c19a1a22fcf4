import Foundation

/// Runs the built `bookrec` binary, as a user would, and captures what it prints.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `bookrec` binary beside the test bundle in the build folder.
    static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents"
            || folder.lastPathComponent == "MacOS"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("bookrec")
    }

    /// Runs `bookrec arguments` in `directory` and waits for it.
    /// - Parameters:
    ///   - executable: another `bookrec` to run instead of `binary`.
    ///   - environment: variables set for it on top of the test's own.
    static func run(
        _ arguments: [String], in directory: URL? = nil, executable: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        // stderr goes to a file, stdout to a pipe read to its end: with two pipes,
        // a child filling the one not being read would block, and so would the test.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("bookrec-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errFile.path])
        }
        defer { try? FileManager.default.removeItem(at: errFile) }
        let err = try FileHandle(forWritingTo: errFile)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errFile), as: UTF8.self))
    }
}
