import Foundation
import Testing

@testable import BookRecommender

/// The ingest a model file keeps (`TrainingIngest`, format version 2), and
/// version-1 files, which keep none.
@Suite struct ModelFileIngestTests {
    /// The one file's records: more used than any test model has ratings.
    static let records = RecordCounts(read: 1_000_003, used: 1_000_000, shelved: 1, blank: 1, rejected: 1)
    static let ingest = TrainingIngest(
        accounting: .init(
            stamp: InputStamp(value: "0123456789abcdef"),
            files: [
                FileReport(
                    path: "club/ana.csv", format: .goodreads, detected: true,
                    records: Self.records, scale: nil, error: nil)
            ],
            catalog: RecordCounts(read: 3, used: 3, shelved: 0, rejected: 0),
            sameBook: .init(joined: 2, editionShelves: 1),
            members: [
                MemberReport(
                    name: "ana", files: ["club/ana.csv"], records: Self.records, problem: nil, failed: false)
            ],
            rejectCount: 1),
        rejectRows: Array("club/ana.csv,5,no user id,\",5,4\"\n".utf8))

    /// `model` with `ingest` kept.
    static func keeping(_ ingest: TrainingIngest?) -> BookModel {
        var model = ModelFiles.model(syntheticData(users: 30, items: 20, seed: 3))
        model.trainingIngest = ingest
        return model
    }

    @Test func theKeptIngestRoundTrips() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = Self.keeping(Self.ingest)
        let url = folder.appendingPathComponent("m.bookrec")
        try model.write(to: url)
        let again = try BookModel(contentsOf: url)
        #expect(again.trainingIngest == Self.ingest)
        ModelFiles.expectSame(model, again)
        #expect(try again.encoded() == model.encoded())
    }

    @Test func aModelWithoutIngestReadsBackWithout() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = [UInt8](try Self.keeping(nil).encoded())
        #expect(try ModelFiles.read(bytes, in: folder).trainingIngest == nil)
    }

    /// The ingest blocks are hostile input like the rest: damage behind a
    /// valid checksum is an error naming the file.
    @Test func damagedIngestBlocksAreCorrupt() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("m.bookrec").path
        var bytes = [UInt8](try Self.keeping(Self.ingest).encoded())
        bytes[ModelFiles.payload(of: .ingestAccounting, in: bytes)] = UInt8(ascii: "[")
        #expect(throws: BookModelError.corrupt(path: path, reason: "the ingest block is not the expected JSON")) {
            try ModelFiles.read(Self.resealed(bytes), in: folder)
        }
        for damage in [
            { (ingest: inout TrainingIngest) in ingest.accounting.rejectCount = 2 },
            { $0.accounting.files[0].records.used = 5 },
            // Balanced, but fewer ratings used than the model holds.
            { $0.accounting.files[0].records = RecordCounts(read: 3, used: 1, shelved: 1, rejected: 1) },
            { $0.accounting.members[0].records.read = -1 },
            { $0.accounting.catalog?.blank = 1 },
        ] {
            var ingest = Self.ingest
            damage(&ingest)
            #expect(
                throws: BookModelError.corrupt(path: path, reason: "the ingest block's record counts do not add up")
            ) {
                try ModelFiles.read([UInt8](try Self.keeping(ingest).encoded()), in: folder)
            }
        }
        // Rows where the accounting is empty.
        let plain = [UInt8](try Self.keeping(nil).encoded())
        let rowsBlock = ModelFiles.payload(of: .ingestRejects, in: plain) - ModelFileFormat.blockHeaderSize
        var withRows = Array(plain[..<rowsBlock])
        for field in [UInt64(ModelFileFormat.Tag.ingestRejects.code) | 1 << 32, 8] {
            withUnsafeBytes(of: field.littleEndian) { withRows.append(contentsOf: $0) }
        }
        withRows += Array("a,1,b,\n".utf8) + [0]
        withUnsafeBytes(of: UInt64(withRows.count).littleEndian) { withRows.replaceSubrange(16..<24, with: $0) }
        #expect(throws: BookModelError.corrupt(path: path, reason: "rejected rows without the ingest they belong to")) {
            try ModelFiles.read(Self.resealed(withRows), in: folder)
        }
    }

    /// A model file written before version 2 (by `bookrec train` at commit
    /// 2f9012e, on `Fixtures/csv/goodbooks-10k_ratings.csv` with the default
    /// options of the time) still reads, keeps no ingest, and scores as a model
    /// fitted now with the settings it records.
    @Test func aVersion1FileStillReads() throws {
        let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
        let old = try BookModel(contentsOf: fixtures.appendingPathComponent("models/goodbooks-v1.bookrec"))
        #expect(old.trainingIngest == nil)
        let result = try Ingestor(
            format: nil, columns: ColumnMap(user: "user_id", item: "book_id", rating: "rating"), policy: .skip
        ).ingest(
            [InputFile(path: fixtures.appendingPathComponent("csv/goodbooks-10k_ratings.csv").path)], catalogFile: nil,
            rejects: RejectLog(streamingTo: nil))
        let now = try BookModel.fit(Ratings(data: result.data, items: result.items), options: old.options)
        #expect(old.fingerprint == now.fingerprint && old.bookKeys == now.bookKeys)
        #expect(old.readerIDs.count == 5 && old.bookCount == 96)
        for reader in old.readerIDs {
            #expect(old.recommend(user: reader, top: 10) == now.recommend(user: reader, top: 10))
        }
        for book in old.bookKeys { #expect(old.similar(to: book, top: 5) == now.similar(to: book, top: 5)) }
    }

    /// `bytes` with the header's size and checksum made right again.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let checksum = ModelFileWriter.checksum(of: Array(bytes[ModelFileFormat.headerSize...]))
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(24..<32, with: $0) }
        return bytes
    }
}
