import Foundation
import Testing

@_spi(Fuzzing) @testable import BookRecommender

/// Files with a valid checksum whose contents were changed, as a hostile
/// file would be: every inconsistency is found before anything is used.
@Suite struct ModelFileCraftedTests {
    typealias Tag = ModelFileFormat.Tag

    /// One way to damage a file, and the reason the reader must give.
    struct Damage: Sendable, CustomStringConvertible {
        var description: String
        var reason: String
        var change: @Sendable (inout [UInt8]) -> Void
    }

    static func put<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) {
            bytes.replaceSubrange(offset..<offset + MemoryLayout<T>.size, with: $0)
        }
    }

    /// The worked example has 4 books (A B C D) and 5 readers.
    static let damages: [Damage] = [
        Damage(description: "a neighbour out of range", reason: "an entry of NBR= names book 4 of 4 or is not finite") {
            put(Int32(4), at: ModelFiles.payload(of: .neighborEntries, in: $0), in: &$0)
        },
        Damage(description: "a negative rated book", reason: "an entry of RAT= names book -1 of 4 or is not finite") {
            put(Int32(-1), at: ModelFiles.payload(of: .ratingEntries, in: $0), in: &$0)
        },
        Damage(
            description: "a rating that is not a number", reason: "an entry of RAT= names book 0 of 4 or is not finite"
        ) {
            put(Float.nan.bitPattern, at: ModelFiles.payload(of: .ratingEntries, in: $0) + 4, in: &$0)
        },
        Damage(description: "row offsets going backwards", reason: "row offsets of RAT# do not run through its entries")
        {
            put(Int32(7), at: ModelFiles.payload(of: .ratingOffsets, in: $0) + 4, in: &$0)
        },
        Damage(
            description: "string offsets past the bytes", reason: "string offsets of KEY# do not run through its bytes"
        ) {
            put(UInt64(1 << 40), at: ModelFiles.payload(of: .keyOffsets, in: $0) + 8, in: &$0)
        },
        Damage(description: "a key that is not UTF-8", reason: "invalid UTF-8 in KEY$") {
            $0[ModelFiles.payload(of: .keyBytes, in: $0)] = 0xC3
        },
        Damage(description: "a key marked absent", reason: "a missing string in KEY$") {
            $0[ModelFiles.payload(of: .keyBytes, in: $0)] = 0xFF
        },
        Damage(
            description: "a key order with a repeat", reason: "the order of the book keys names 0 out of range or twice"
        ) {
            put(Int32(0), at: ModelFiles.payload(of: .itemAtRank, in: $0) + 4, in: &$0)
        },
        Damage(
            description: "a key order out of order", reason: "the book keys are not in ascending order, or one repeats"
        ) {
            put(Int32(1), at: ModelFiles.payload(of: .itemAtRank, in: $0), in: &$0)
            put(Int32(0), at: ModelFiles.payload(of: .itemAtRank, in: $0) + 4, in: &$0)
        },
        Damage(description: "a key twice", reason: "the book keys are not in ascending order, or one repeats") {
            let start = ModelFiles.payload(of: .keyBytes, in: $0)
            $0[start + 1] = $0[start]
        },
        Damage(
            description: "a reader order out of range",
            reason: "the order of the reader ids names 9 out of range or twice"
        ) {
            put(Int32(9), at: ModelFiles.payload(of: .userOrder, in: $0), in: &$0)
        },
        Damage(
            description: "a book twice in the popularity list",
            reason: "the popularity list names 3 out of range or twice"
        ) {
            let start = ModelFiles.payload(of: .popularItems, in: $0)
            $0.replaceSubrange(start + 4..<start + 8, with: $0[start..<start + 4])
        },
        Damage(description: "metadata that is not JSON", reason: "the metadata block is not the expected JSON") {
            $0[ModelFiles.payload(of: .metadata, in: $0)] = UInt8(ascii: "[")
        },
        Damage(description: "a block in the wrong place", reason: "found another block where KEY# belongs") {
            let start = ModelFiles.payload(of: .keyOffsets, in: $0) - 16
            $0.replaceSubrange(start..<start + 4, with: Array("KEY$".utf8))
        },
        Damage(description: "a block of another element size", reason: "block RANK has 8-byte elements") {
            put(UInt32(8), at: ModelFiles.payload(of: .itemAtRank, in: $0) - 12, in: &$0)
        },
        Damage(description: "a block longer than the file", reason: "block NBR= runs past the end of the file") {
            put(UInt64.max - 7, at: ModelFiles.payload(of: .neighborEntries, in: $0) - 8, in: &$0)
        },
        Damage(description: "a block of another length", reason: "block RANK holds 3 entries, expected 4") {
            put(UInt64(12), at: ModelFiles.payload(of: .itemAtRank, in: $0) - 8, in: &$0)
        },
        Damage(description: "bytes after the last block", reason: "8 bytes after the last block") {
            $0 += Array(repeating: 0, count: 8)
            put(UInt64($0.count), at: 16, in: &$0)
        },
        Damage(description: "an unknown similarity", reason: "the stored options are not valid") {
            let start = ModelFiles.payload(of: .metadata, in: $0)
            let json = String(decoding: $0[start...], as: UTF8.self)
            let range = json.range(of: "\"cosine\"")!
            let at = start + json.utf8.distance(from: json.startIndex, to: range.lowerBound)
            $0.replaceSubrange(at..<at + 8, with: Array("\"cosinX\"".utf8))
        },
    ]

    @Test(arguments: damages, ModelFiles.Load.allCases)
    func aCraftedFileIsFoundDamaged(damage: Damage, load: ModelFiles.Load) throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try ModelFileTests.bytes(ModelFileTests.small)
        damage.change(&bytes)
        let path = folder.appendingPathComponent("m.bookrec").path
        #expect(throws: BookModelError.corrupt(path: path, reason: damage.reason)) {
            try ModelFiles.read(BookModel.resealed(bytes), in: folder, as: load)
        }
    }

    @Test(arguments: [ModelFiles.Load.copied, .mapped])
    func theUndamagedFileReads(load: ModelFiles.Load) throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ModelFiles.read(
            BookModel.resealed(try ModelFileTests.bytes(ModelFileTests.small)), in: folder, as: load)
        ModelFiles.expectSame(model, ModelFileTests.small)
    }
}
