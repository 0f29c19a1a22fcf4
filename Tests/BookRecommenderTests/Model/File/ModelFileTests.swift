import Foundation
import Testing

@testable import BookRecommender

/// The model file: a round trip keeps every part, and a truncated, damaged,
/// foreign, newer or crafted file is an error naming it, never a crash.
@Suite struct ModelFileTests {
    static let data = syntheticData(users: 60, items: 40, seed: 11)
    static let small = ModelFiles.model(workedExample, options { $0.minRatings = 2 })

    static func bytes(_ model: BookModel) throws -> [UInt8] {
        [UInt8](try model.encoded())
    }

    @Test func aRoundTripKeepsEveryPartAndEveryPick() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = options { $0.similarity = .pearson }
        options.exclude = ItemSet([3, 17])
        options.only = ItemSet(0..<35)
        let model = ModelFiles.model(Self.data, options)
        let url = folder.appendingPathComponent("new/folder/club.bookrec")
        try model.write(to: url)
        let again = try BookModel(contentsOf: url)
        ModelFiles.expectSame(model, again)
        #expect(model.fingerprint.count == 16)
        for user in model.userIDs {
            #expect(again.recommend(user: user, top: 7) == model.recommend(user: user, top: 7))
        }
        // Written to a temporary name and renamed: nothing else is left in the folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == [
                "club.bookrec"
            ])
    }

    @Test func aModelReadBackWritesTheSameBytesAndOutlivesItsFile() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("m.bookrec")
        let model = ModelFiles.model(Self.data)
        try model.write(to: url)
        let again = try BookModel(contentsOf: url)
        #expect(try again.encoded() == model.encoded())
        let before = model.readerIDs.map { again.recommend(user: $0, top: 5) }
        // Truncated and rewritten in place (as `cp` would), the file no longer holds the model: the loaded one is unaffected.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("not a model any more".utf8))
        try handle.close()
        #expect(model.readerIDs.map { again.recommend(user: $0, top: 5) } == before)
        #expect(before.contains { !$0.isEmpty })
    }

    @Test func writingAgainReplacesTheFileWhole() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("m.bookrec")
        try ModelFiles.model(Self.data).write(to: url)
        try Self.small.write(to: url)
        #expect([UInt8](try Data(contentsOf: url)) == (try Self.bytes(Self.small)))
    }

    @Test func aFolderInTheWayIsAWriteErrorNamingTheFile() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("m.bookrec")
        #expect {
            try Self.small.write(to: url)
        } throws: { error in
            guard case .cannotWrite(let path, _)? = error as? BookModelError else { return false }
            return path == url.path
        }
    }

    @Test func aMissingFileIsAReadError() throws {
        let url = URL(fileURLWithPath: "/nonexistent/m.bookrec")
        #expect {
            try BookModel(contentsOf: url)
        } throws: { error in
            guard case .cannotRead(let path, _)? = error as? BookModelError else { return false }
            return path == url.path
        }
    }

    @Test(arguments: ModelFiles.Load.allCases)
    func everyTruncationIsReportedAsSuch(load: ModelFiles.Load) throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Self.bytes(Self.small)
        let path = folder.appendingPathComponent("m.bookrec").path
        for length in 0..<bytes.count {
            let expected = length < ModelFileFormat.headerSize ? ModelFileFormat.headerSize : bytes.count
            #expect(throws: BookModelError.truncated(path: path, size: length, expected: expected)) {
                try ModelFiles.read(Array(bytes.prefix(length)), in: folder, as: load)
            }
        }
    }

    @Test(arguments: ModelFiles.Load.allCases)
    func everyFlippedBitIsCaught(load: ModelFiles.Load) throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Self.bytes(Self.small)
        let path = folder.appendingPathComponent("m.bookrec").path
        // The last block, `KIND`, is what version 3 added: a version-2 reading ends before it.
        let afterVersion2 =
            bytes.count - (ModelFiles.payload(of: .kinds, in: bytes) - ModelFileFormat.blockHeaderSize)
        #expect(afterVersion2 >= ModelFileFormat.blockHeaderSize)
        for offset in bytes.indices {
            for bit in [0, 7] {
                var damaged = bytes
                damaged[offset] ^= 1 << bit
                do {
                    _ = try ModelFiles.read(damaged, in: folder, as: load)
                    Issue.record("bit \(bit) of byte \(offset) flipped went unnoticed")
                } catch {
                    switch offset {
                    case 0..<8: #expect(error == .notAModel(path: path))
                    case 8 where bit == 0:
                        // Version 3 read as version 2, an older format this bookrec reads: the
                        // `KIND` block is left over, and never taken for part of the model.
                        #expect(damaged.version == 2)
                        #expect(error == .corrupt(path: path, reason: "\(afterVersion2) bytes after the last block"))
                    case 8..<12:
                        #expect(error == .newerVersion(path: path, version: damaged.version, supported: 3))
                    case 12..<16:
                        #expect(error == .corrupt(path: path, reason: "header size \(damaged.headerSize), expected 64"))
                    case 16..<24: #expect(error.isSizeMismatch)
                    case 32..<64: #expect(error == .corrupt(path: path, reason: "reserved header bytes are not zero"))
                    default: #expect(error == .corrupt(path: path, reason: "checksum mismatch"), "byte \(offset)")
                    }
                }
            }
        }
    }

    @Test(arguments: ModelFiles.Load.allCases)
    func aNewerFormatIsRefusedByVersion(load: ModelFiles.Load) throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try Self.bytes(Self.small)
        #expect(ModelFileFormat.version == 3)
        bytes[8] = 4
        let path = folder.appendingPathComponent("m.bookrec").path
        #expect(throws: BookModelError.newerVersion(path: path, version: 4, supported: 3)) {
            try ModelFiles.read(bytes, in: folder, as: load)
        }
        #expect(
            BookModelError.newerVersion(path: "m.bookrec", version: 4, supported: 3).description
                == "m.bookrec: model format 4 is newer than this bookrec reads (3); update bookrec or train the model again"
        )
        bytes[8] = 0
        #expect(throws: BookModelError.corrupt(path: path, reason: "format version 0")) {
            try ModelFiles.read(bytes, in: folder, as: load)
        }
    }

    @Test(
        arguments: [
            Array("{\"inputs\": []}".utf8), Array(repeating: 0x41, count: 200), [0x08, 0x04, 0x12, 0x00],
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 100),
        ], ModelFiles.Load.allCases)
    func aForeignFileIsNotAModel(bytes: [UInt8], load: ModelFiles.Load) throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: BookModelError.notAModel(path: folder.appendingPathComponent("m.bookrec").path)) {
            try ModelFiles.read(bytes, in: folder, as: load)
        }
    }
}

extension [UInt8] {
    fileprivate var version: UInt32 { self[8..<12].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
    fileprivate var headerSize: UInt32 { self[12..<16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
}

extension BookModelError {
    /// A declared size that differs from the file's: too large is truncation, too small is damage.
    fileprivate var isSizeMismatch: Bool {
        switch self {
        case .truncated: true
        case .corrupt(_, let reason): reason.contains(" bytes where the header says ")
        default: false
        }
    }
}
