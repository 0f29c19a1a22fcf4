import Foundation

/// Paths of the XML fixtures and scratch folders for the XML tests.
enum XMLFixtures {
    /// The fixture `Fixtures/xml/<name>`.
    static func path(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/xml/\(name)").path
    }

    /// A new empty folder under the temporary directory.
    static func makeTemporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bookrec-xml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `name` in a new temporary folder and returns its path.
    static func write(_ text: String, named name: String = "doc.xml") throws -> String {
        let url = try makeTemporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
