import Foundation
import Testing

/// The README's Swift example, built as a separate package that depends on
/// this one by path (offline), and run: the library's front door as another
/// program compiles against it.
@Suite struct LibraryClientTests {
    /// The first ```swift block under the README's "From Swift" heading.
    static func example() throws -> String {
        let readme = try String(contentsOf: Workspace.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n## From Swift"), "README has no 'From Swift' section")
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound]) + "\n"
    }

    /// Runs `arguments` under `timeout` in `folder`; returns the exit status and stdout + stderr.
    static func run(_ arguments: [String], in folder: URL, seconds: Int) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", String(seconds)] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.timeLimit(.minutes(30))) func theReadmeExampleBuildsAndRunsAsAnotherPackage() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources/LibraryClient")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let root = Workspace.root
        try Data(
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "LibraryClient",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: "\(root.path)")],
                targets: [
                    .executableTarget(
                        name: "LibraryClient",
                        dependencies: [.product(name: "BookRecommender", package: "\(root.lastPathComponent)")])
                ],
                swiftLanguageModes: [.v6]
            )

            """.utf8
        ).write(to: folder.appendingPathComponent("Package.swift"))
        try Data(try Self.example().utf8).write(to: sources.appendingPathComponent("main.swift"))
        // The job file the example names, on the demo club.
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("input"), withDestinationURL: root.appendingPathComponent("input"))
        try Data(
            #"{"inputs": ["input/club"], "catalog": "input/catalog.csv", "out": "output/club", "enrich": false}"#.utf8
        ).write(to: folder.appendingPathComponent("club.json"))
        // Kept between runs under this package's .build, so a second run only relinks.
        let scratch = root.appendingPathComponent(".build/library-client").path
        let (built, log) = try Self.run(
            ["swift", "build", "--scratch-path", scratch], in: folder, seconds: 1500)
        #expect(built == 0, "\(log)")
        let (status, output) = try Self.run(["\(scratch)/debug/LibraryClient"], in: folder, seconds: 60)
        #expect(status == 0, "\(output)")
        #expect(
            output == """
                ana: The Great Gatsby because of 9780439023481, 9780061120084
                ana: Harry Potter and the Sorcerer's Stone because of 9780439023481, 9780061120084, 9780316015844
                new reader: To Kill a Mockingbird; Harry Potter and the Sorcerer's Stone; The Great Gatsby
                like The Hunger Games: The Great Gatsby; Twilight; To Kill a Mockingbird; Harry Potter and the Sorcerer's Stone
                the same after reading the file back: true
                job: 13 readers, 166 ratings; summary: summary.json

                """)
        let summary = folder.appendingPathComponent("output/club/latest/summary.json")
        #expect(FileManager.default.fileExists(atPath: summary.path))
        // The file the library wrote is the one the command line reads.
        let inspect = try BinaryRunner.run(["inspect", "--model", "club.bookrec"], in: folder)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("contents  5 books, 4 readers, 11 ratings, "))
    }
}
