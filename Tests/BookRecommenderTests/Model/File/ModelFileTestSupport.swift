import Foundation
import Testing

@testable import BookRecommender

/// Model files for the model-file tests: written from fitted models, and
/// damaged on purpose.
enum ModelFiles {
    /// Every part of one model, compared part by part (`BookModel` is not `Equatable`).
    static func expectSame(_ a: BookModel, _ b: BookModel, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.options == b.options, sourceLocation: sourceLocation)
        #expect(a.fingerprint == b.fingerprint, sourceLocation: sourceLocation)
        #expect(a.trainedAt == b.trainedAt, sourceLocation: sourceLocation)
        #expect(a.books.keys == b.books.keys, sourceLocation: sourceLocation)
        #expect(a.books.infos == b.books.infos, sourceLocation: sourceLocation)
        #expect(
            a.books.keyRank == b.books.keyRank && a.books.itemAtRank == b.books.itemAtRank,
            sourceLocation: sourceLocation)
        for (x, y) in [
            (a.tables.neighbors, b.tables.neighbors), (a.readers.rows.byUser, b.readers.rows.byUser),
            (a.readers.rows.shelves, b.readers.rows.shelves),
        ] {
            #expect(x.offsets == y.offsets && x.entries == y.entries, sourceLocation: sourceLocation)
        }
        #expect(a.tables.popularity.items == b.tables.popularity.items, sourceLocation: sourceLocation)
        #expect(a.tables.popularity.scores == b.tables.popularity.scores, sourceLocation: sourceLocation)
        #expect(a.tables.keyRank == b.tables.keyRank, sourceLocation: sourceLocation)
        #expect(a.userIDs == b.userIDs && a.userOrder == b.userOrder, sourceLocation: sourceLocation)
    }

    /// A new empty folder; remove it when done.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bookmodel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `data` fitted with `options` as a model, with a title and author for every book.
    static func model(_ data: RatingData, _ options: ModelOptions = ModelOptions()) -> BookModel {
        let items = data.itemKeys.enumerated().map { index, key in
            ItemInfo(
                isbn13: index % 2 == 0 ? nil : "978000000000\(index % 10)",
                title: index % 3 == 0 ? nil : "Title of \(key) – ü",
                authors: Array(repeating: "Author \(index)", count: index % 3),
                imageURL: index % 4 == 0 ? "https://example.org/\(key).jpg" : nil)
        }
        return bookModel(CollaborativeFilter(options: options).fit(data), data, items: items)
    }

    /// The byte offset of the payload of the block tagged `tag` in `bytes`.
    static func payload(of tag: ModelFileFormat.Tag, in bytes: [UInt8]) -> Int {
        var offset = ModelFileFormat.headerSize
        while true {
            let code = bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            let length = bytes[offset + 8..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            if code == tag.code { return offset + 16 }
            offset += 16 + (Int(length) + 7) / 8 * 8
        }
    }

    /// How a test reads a model file.
    enum Load: String, CaseIterable, Sendable, CustomStringConvertible {
        /// `BookModel(contentsOf:)`: copied into private memory.
        case copied
        /// Mapped, every reader's rows left in the mapping.
        case mapped
        /// Mapped for shard 0 of 2: that shard's readers' rows copied out of the mapping.
        case shard

        var description: String { rawValue }

        /// The model in the file at `url`, read this way.
        func model(at url: URL) throws(BookModelError) -> BookModel {
            switch self {
            case .copied: try BookModel(contentsOf: url)
            case .mapped: try BookModel(mapping: url, shard: nil)
            case .shard: try BookModel(mapping: url, shard: Shard(index: 0, count: 2))
            }
        }
    }

    /// Writes `bytes` to `name` in `folder` and reads it as a model (`load`).
    static func read(_ bytes: [UInt8], in folder: URL, name: String = "m.bookrec", as load: Load = .copied)
        throws(BookModelError) -> BookModel
    {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) else {
            throw .cannotWrite(path: url.path, reason: "the test could not write it")
        }
        return try load.model(at: url)
    }
}
