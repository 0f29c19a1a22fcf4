import Foundation
import Testing

@testable import BookRecommender

@Suite struct DurableFolderTests {
    @Test func theWalkFlushesEveryFileAndFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("users/deep"), withIntermediateDirectories: true)
        for name in ["index.html", "users/a.json", "users/a.html", "users/deep/b.json"] {
            try Data(name.utf8).write(to: root.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("index.html"))
        // Four files, then users/deep, users and the root; the symlink is not followed.
        #expect(try DurableFolder.flushTree(root) == 7)
        try DurableFolder.flush(root)
    }

    @Test func aFolderThatIsNotThereCannotBeFlushed() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)")
        #expect(throws: RunHistoryError.self) { try DurableFolder.flush(missing) }
        #expect(throws: RunHistoryError.self) { try DurableFolder.sync(missing.path) }
    }
}
