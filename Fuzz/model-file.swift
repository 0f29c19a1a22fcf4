// libFuzzer target `model-file`: `BookModel(contentsOf:)` on any bytes, once as
// they are and once with the header's checksum recomputed, so that mutations
// reach the block checks behind it (as a crafted file would). A file is either
// read or refused with a `BookModelError` naming it, never a trap; a model that
// is read answers every reader and book without trapping, and never
// recommends a book the reader named.

@testable import BookRecommender
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for candidate in [bytes, BookModel.resealed(bytes)] {
        let path = FuzzHarness.write(candidate, candidate.count, named: "model.bookrec")
        do {
            exercise(try BookModel(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            FuzzHarness.require(error.description.hasPrefix(path + ": "), "an error not naming the file: \(error)")
        }
    }
    return 0
}

/// Every query of a model that was read, on at most 200 readers and books.
func exercise(_ model: BookModel) {
    for reader in model.readerIDs.prefix(200) {
        let picks = model.recommend(user: reader, top: 10)
        FuzzHarness.require(picks.count <= 10, "more picks than asked for")
    }
    for book in model.bookKeys.prefix(200) { _ = model.similar(to: book, top: 10) }
    let named = Dictionary(model.bookKeys.prefix(5).map { ($0, 4.0) }) { first, _ in first }
    for pick in model.recommend(ratings: named, top: 10) {
        FuzzHarness.require(named[pick.book] == nil, "recommended \(pick.book), which the reader named")
    }
}
