import Foundation
import Testing

@testable import BookRecommender

@Suite struct InputGlobTests {
    @Test func patternsExpandSortedAndPlainPathsStay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glob-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["b.csv", "a.csv", "c.xml", "B.csv", "a1.csv"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let base = folder.path + "/"
        #expect(InputGlob.expand([base + "*.csv"]) == ["B.csv", "a.csv", "a1.csv", "b.csv"].map { base + $0 })
        #expect(
            InputGlob.expand([base + "a?.csv", base + "[bc].*"]) == ["a1.csv", "b.csv", "c.xml"].map { base + $0 })
        #expect(InputGlob.expand([base + "none*", "plain.csv"]) == ["plain.csv"])
        #expect(InputGlob.matches(base + "*.json").isEmpty)
    }
}
