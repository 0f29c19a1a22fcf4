import Testing

@Suite struct VersionTests {
    @Test func versionPrintsToStdoutAndExitsZero() throws {
        let result = try BinaryRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("bookrec "))
    }
}
