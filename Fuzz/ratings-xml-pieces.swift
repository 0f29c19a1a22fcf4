// libFuzzer target `ratings-xml-pieces`: a ratings XML document read whole by
// one parser, then cut into tiny pieces parsed on three threads after the
// document's head. The reads must agree exactly: the same users, items,
// ratings and shelved books in the same order, the same rejects with the same
// lines, the same error. They must also agree with the `String` read on
// `XMLStream`: exactly for a document that does not break, on the error for
// one that does (the start tags libxml2 parsed on the broken line are kept,
// which the stream's walk withholds).
// Needs the library built with -enable-testing (scripts/fuzz does).

import Foundation

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let path = FuzzHarness.write(data, size, named: "pieces.xml")
    let whole = PiecesOutcome(path, threads: 1, pieceBytes: ChunkPipeline.pieceBytes)
    let strings = PiecesOutcome(path, threads: 0, pieceBytes: ChunkPipeline.pieceBytes)
    if strings.error == nil {
        FuzzHarness.require(whole == strings, "bytes read \(whole), strings \(strings)")
    } else {
        FuzzHarness.require(whole.error == strings.error, "bytes read \(whole), strings \(strings)")
    }
    for pieceBytes in [1...1, 7...7, 64...64] {
        let cut = PiecesOutcome(path, threads: 3, pieceBytes: pieceBytes)
        FuzzHarness.require(cut == whole, "pieces of \(pieceBytes) bytes read \(cut), whole \(whole)")
    }
    return 0
}

/// Everything one read left in the sink and the reject log, and its error.
struct PiecesOutcome: Equatable, CustomStringConvertible {
    var userIDs: [String]
    var itemKeys: [String]
    var ratings: [Int32]
    var values: [Float]
    var shelves: [Int32]
    var items: [ItemInfo]
    var counts: RecordCounts
    var rejects: [RejectLog.Entry]
    var error: IngestError?

    /// Reads `path` on `threads` threads, or along the `String` path for 0.
    init(_ path: String, threads: Int, pieceBytes: ClosedRange<Int>) {
        let log = RejectLog(streamingTo: nil, keep: 100_000)
        var sink = IngestSink(catalog: Catalog(), policy: .skip, rejects: log)
        sink.path = path
        do throws(IngestError) {
            if threads == 0 {
                try RatingsXMLFormat().read(InputFile(path: path), into: &sink)
            } else {
                try RatingsXMLFormat().read(
                    InputFile(path: path), into: &sink, threads: threads, pieceBytes: pieceBytes, batchRecords: 5)
            }
        } catch {
            self.error = error
        }
        userIDs = sink.data.userIDs
        itemKeys = sink.data.itemKeys
        ratings = zip(sink.data.ratingUser, sink.data.ratingItem).flatMap { [$0, $1] }
        values = sink.data.ratingValue
        shelves = zip(sink.data.shelfUser, sink.data.shelfItem).flatMap { [$0, $1] }
        items = sink.items
        counts = sink.counts
        rejects = log.first
    }

    var description: String {
        "\(counts), users \(userIDs), rejects \(rejects.map { "\($0.line): \($0.reason)" }), error \(String(describing: error))"
    }
}
