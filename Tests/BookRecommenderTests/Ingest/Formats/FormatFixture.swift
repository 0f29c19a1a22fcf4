import Foundation

@testable import BookRecommender

/// The sample files in `Fixtures/csv/` (see `SOURCES.md` there).
enum FormatFixture {
    static func file(_ name: String) -> InputFile {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/csv/\(name)")
        return InputFile(path: url.path)
    }

    /// Reads `file` with `reader` into a fresh sink.
    static func read(_ reader: some FileParser, _ file: InputFile) throws -> CollectingSink {
        var sink = CollectingSink()
        try reader.read(file, into: &sink)
        return sink
    }

    /// The number of records in a sample: physical lines minus the header,
    /// for files without quoted line breaks or blank lines.
    static func dataLines(_ file: InputFile, header: Bool = true) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).count
        return header ? lines - 1 : lines
    }
}
