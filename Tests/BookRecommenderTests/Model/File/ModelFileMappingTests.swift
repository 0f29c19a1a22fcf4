import Foundation
import Testing

@testable import BookRecommender

/// A model file read through a mapping (`BookModel(mapping:shard:)`, what a
/// shard's run does): the same model as a copied read, files of every
/// format version included; for a shard, only its readers' rows; and a file
/// replaced while mapped leaves the mapping as it was. (Damaged files are
/// refused the same way: `ModelFileTests` and `ModelFileCraftedTests` read
/// every damaged file each way, `ModelFiles.Load`.)
@Suite struct ModelFileMappingTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/models")

    /// Readers with star ratings, books read without stars (kinds) and books only kept out of picks.
    static let model: BookModel = {
        var data = syntheticData(users: 60, items: 40, seed: 5)
        for user in 0..<60 where user % 3 != 1 {
            data.shelfUser.append(Int32(user))
            data.shelfItem.append(Int32(user * 7 % 40))
            data.shelfTag.append(user % 3 == 0 ? InteractionTag(.read) : .otherEdition)
        }
        return ModelFiles.model(data)
    }()

    /// `model` written to a new folder; remove the folder when done.
    static func written(_ model: BookModel = model) throws -> URL {
        let url = try ModelFiles.folder().appendingPathComponent("m.bookrec")
        try model.write(to: url)
        return url
    }

    /// `part`, read for `shard`, holds exactly the rows `whole` has for the
    /// shard's readers and none of any other reader, and the whole model's counts.
    static func expectHolds(
        _ part: BookModel, _ shard: Shard, of whole: BookModel, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (rows, all) = (part.readers.rows, whole.readers.rows)
        let mine = shard.readers(among: whole.userIDs)
        #expect(part.readers.shard == shard, sourceLocation: sourceLocation)
        #expect(
            rows.byUser.entryCount == mine.reduce(0) { $0 + all.byUser.range(of: $1).count }
                && rows.shelves.entryCount == mine.reduce(0) { $0 + all.shelves.range(of: $1).count },
            "another reader's rows were kept", sourceLocation: sourceLocation)
        #expect(whole.readers.holdSame(rows, users: mine), sourceLocation: sourceLocation)
        #expect(
            part.ratingCount == whole.ratingCount && part.readers.shelfCount == whole.readers.shelfCount
                && part.readers.starRatingCount == whole.readers.starRatingCount, sourceLocation: sourceLocation)
        for user in mine {
            #expect(
                part.recommend(user: part.userIDs[user], top: 5) == whole.recommend(user: whole.userIDs[user], top: 5),
                sourceLocation: sourceLocation)
        }
    }

    @Test func aMappedFileIsTheModelACopiedReadGives() throws {
        let url = try Self.written()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (copied, mapped) = (try BookModel(contentsOf: url), try BookModel(mapping: url, shard: nil))
        #expect(!copied.readers.rows.kinds.isEmpty && copied.readers.shelfCount > 0)
        ModelFiles.expectSame(copied, mapped)
        #expect(mapped.readers.starRatingCount == copied.readers.rows.ratingCount)
        for user in copied.readerIDs {
            #expect(mapped.recommend(user: user, top: 5) == copied.recommend(user: user, top: 5))
        }
    }

    @Test(arguments: [1, 2, 3])
    func eachShardHoldsOnlyItsReadersRows(count: Int) throws {
        let url = try Self.written()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let whole = try BookModel(contentsOf: url)
        for index in 0..<count {
            let shard = Shard(index: index, count: count)
            #expect(!shard.readers(among: whole.userIDs).isEmpty)
            Self.expectHolds(try BookModel(mapping: url, shard: shard), shard, of: whole)
        }
    }

    /// Files of every format version (`Fixtures/models/README.md`) read
    /// through the mapping as they read copied, whole and by shard.
    @Test(arguments: ["goodbooks-v1.bookrec", "club-v2.bookrec", "club-v3.bookrec"])
    func everyFormatVersionReadsThroughTheMapping(name: String) throws {
        let url = Self.fixtures.appendingPathComponent(name)
        let copied = try BookModel(contentsOf: url)
        let version = try Data(contentsOf: url)[8]
        #expect(name.hasSuffix("-v\(version).bookrec"))
        #expect((copied.trainingIngest == nil) == (version == 1))
        ModelFiles.expectSame(copied, try BookModel(mapping: url, shard: nil))
        #expect(try BookModel(mapping: url, shard: nil).trainingIngest == copied.trainingIngest)
        for index in 0..<2 {
            let shard = Shard(index: index, count: 2)
            Self.expectHolds(try BookModel(mapping: url, shard: shard), shard, of: copied)
        }
    }

    /// The version-3 fixture, written by `bookrec train` before models were
    /// mapped, scores as a model fitted now on the club it was trained on.
    @Test func theVersion3FixtureScoresAsAModelFittedNow() throws {
        let old = try BookModel(mapping: Self.fixtures.appendingPathComponent("club-v3.bookrec"), shard: nil)
        let input = IngestorTests.input
        let result = try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            InputExpansion.files(for: [input.appendingPathComponent("club").path]),
            catalogFile: InputFile(path: input.appendingPathComponent("catalog.csv").path),
            rejects: RejectLog(streamingTo: nil))
        let now = try BookModel.fit(Ratings(data: result.data, items: result.items), options: old.options)
        #expect(old.fingerprint == now.fingerprint && old.bookKeys == now.bookKeys)
        #expect(!old.readers.rows.kinds.isEmpty)
        for reader in old.readerIDs { #expect(old.recommend(user: reader) == now.recommend(user: reader)) }
        for book in old.bookKeys { #expect(old.similar(to: book, top: 5) == now.similar(to: book, top: 5)) }
    }

    /// `bookrec train` and `write(to:)` put a new model in place by renaming
    /// it over the old file: a model read through a mapping of the old file
    /// goes on reading the old bytes.
    @Test func aFileReplacedWhileMappedLeavesTheMappingAsItWas() throws {
        let url = try Self.written()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let mapped = try BookModel(mapping: url, shard: nil)
        let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        try ModelFileTests.small.write(to: url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int != inode)
        #expect(try BookModel(contentsOf: url).readerCount == ModelFileTests.small.readerCount)
        ModelFiles.expectSame(mapped, Self.model)
        for user in Self.model.readerIDs {
            #expect(mapped.recommend(user: user, top: 5) == Self.model.recommend(user: user, top: 5))
        }
    }
}
