import Foundation
import Testing

@testable import BookRecommender

/// A ratings XML file that breaks deep inside a large piece keeps exactly the
/// records before the break, whatever the thread count: the same users, items,
/// ratings and rejects (lines included) as the same records in a file that
/// ends cleanly before the break, and the error the line-fed `XMLStream`
/// reports, at the break's line.
@Suite struct RatingsXMLBreakTests {
    static let count = 30_000
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ratings>\n"

    /// Rating `index` on its own line (line `index + 3`): number and text
    /// ids, some titles, and every 997th value not a number (a reject).
    static func record(_ index: Int) -> String {
        let user = index % 3 == 0 ? "reader-\(index % 401)" : "\(index % 509)"
        let value = index % 997 == 0 ? "x" : "\(index % 5 + 1)"
        let title = index % 7 == 0 ? " title=\"Book \(index % 1009)\"" : ""
        return "  <rating user=\"\(user)\" book=\"\(index % 1009)\" value=\"\(value)\"\(title)/>\n"
    }

    /// Ways a document breaks at record `index`: the bytes that replace the
    /// record and everything after it.
    enum Break: String, CaseIterable, CustomStringConvertible {
        case truncated, repeatedAttribute, invalidUTF8, mismatchedEndTag, lessThanInValue

        func bytes(at index: Int) -> [UInt8] {
            let rest = ((index + 1)..<RatingsXMLBreakTests.count).map(RatingsXMLBreakTests.record).joined()
            let tail = Array((rest + "</ratings>\n").utf8)
            let record = Array(RatingsXMLBreakTests.record(index).utf8)
            switch self {
            case .truncated: return Array(record.prefix(record.count / 2))
            case .repeatedAttribute:
                return Array("  <rating user=\"1\" user=\"2\" book=\"3\" value=\"4\"/>\n".utf8) + tail
            case .invalidUTF8:
                return Array("  <rating user=\"u".utf8) + [0xFF] + Array("\" book=\"1\" value=\"4\"/>\n".utf8) + tail
            case .mismatchedEndTag: return Array("  <rating user=\"1\" book=\"2\" value=\"3\"></ratng>\n".utf8) + tail
            case .lessThanInValue: return Array("  <rating user=\"a<b\" book=\"2\" value=\"3\"/>\n".utf8) + tail
            }
        }

        /// What comes before the break on the broken line, as a clean
        /// element: the rating whose start tag ends before a mismatched end
        /// tag is kept (the line-fed `XMLStream` withholds it).
        var keptOnItsLine: String {
            self == .mismatchedEndTag ? "  <rating user=\"1\" book=\"2\" value=\"3\"/>\n" : ""
        }

        var description: String { rawValue }
    }

    /// The routes: one thread, two and three with the default pieces (the
    /// file makes about five of 256 KiB), two with pieces of 1 MiB.
    static let routes: [XMLReadOutcome.Route] = [
        .bytes(threads: 1, pieceBytes: ChunkPipeline.pieceBytes, batchRecords: ChunkPipeline.batchRecords),
        .bytes(threads: 2, pieceBytes: ChunkPipeline.pieceBytes, batchRecords: ChunkPipeline.batchRecords),
        .bytes(threads: 3, pieceBytes: ChunkPipeline.pieceBytes, batchRecords: ChunkPipeline.batchRecords),
        .bytes(threads: 2, pieceBytes: (1 << 20)...(1 << 20), batchRecords: ChunkPipeline.batchRecords),
    ]

    @Test(arguments: Break.allCases, [1, 2_345, 15_000, 29_998])
    func aBreakKeepsExactlyTheRecordsBeforeIt(_ kind: Break, _ index: Int) throws {
        let before = Array((Self.header + (0..<index).map(Self.record).joined()).utf8)
        let brokenPath = try XMLFixtures.write("", named: "broken.xml")
        try Data(before + kind.bytes(at: index)).write(to: URL(fileURLWithPath: brokenPath))
        let cleanPath = try XMLFixtures.write("", named: "clean.xml")
        try Data(before + Array((kind.keptOnItsLine + "</ratings>\n").utf8)).write(to: URL(fileURLWithPath: cleanPath))
        #expect(before.count > 600_000 || index < 15_000)
        // The routes with threads do cut the file: the break lies inside one of several pieces.
        let head = try #require(try XMLDocumentHead.read(brokenPath))
        let pieces = try FileChunks.split(
            brokenPath, from: head.end, count: 16, sizes: ChunkPipeline.pieceBytes, after: UInt8(ascii: ">"))
        #expect(pieces.count >= 3 || index < 15_000)

        let clean = XMLReadOutcome.read(cleanPath, .strings)
        #expect(clean.error == nil)
        #expect(clean.snapshot.counts.read == index + (kind == .mismatchedEndTag ? 1 : 0))
        #expect(clean.snapshot.rejects.map(\.line) == stride(from: 0, to: index, by: 997).map { $0 + 3 })
        let now = XMLReadOutcome.read(brokenPath, .strings)
        guard case .malformed(brokenPath, index + 3, _) = now.error else {
            Issue.record("expected malformed at line \(index + 3), got \(String(describing: now.error))")
            return
        }
        for route in Self.routes {
            let outcome = XMLReadOutcome.read(brokenPath, route)
            #expect(outcome.error == now.error, "\(route)")
            #expect(Self.withoutPaths(outcome.snapshot) == Self.withoutPaths(clean.snapshot), "\(route)")
        }
    }

    /// Through `Ingestor` (the job's way, `--on-bad-record skip`): the same
    /// data, file report and reject rows, the break's included, at 1 to 3 threads.
    @Test func theIngestorGivesTheSameForAnyThreadCount() throws {
        let text = Self.header + (0..<20_000).map(Self.record).joined()
        let path = try XMLFixtures.write(text + String(Self.record(20_000).prefix(20)))
        func ingest(threads: Int) throws -> (Ingestor.Result, [RejectLog.Entry]) {
            let rejects = RejectLog(streamingTo: nil, keep: 1000)
            let result = try Ingestor(format: nil, columns: nil, policy: .skip, threads: threads).ingest(
                [InputFile(path: path)], catalogFile: nil, rejects: rejects)
            return (result, rejects.first)
        }
        let (one, oneRejects) = try ingest(threads: 1)
        #expect(one.files.first?.records == RecordCounts(read: 20_001, used: 19_979, shelved: 0, rejected: 22))
        #expect(oneRejects.last?.line == 20_003 && one.files.first?.error?.hasPrefix("\(path):20003: ") == true)
        for threads in 2...3 {
            let (result, rejects) = try ingest(threads: threads)
            let (data, expected) = (result.data, one.data)
            #expect(data.userIDs == expected.userIDs && data.itemKeys == expected.itemKeys, "\(threads) threads")
            #expect(data.ratingUser == expected.ratingUser && data.ratingItem == expected.ratingItem)
            #expect(data.ratingValue == expected.ratingValue && result.items == one.items, "\(threads) threads")
            #expect(result.files == one.files && rejects == oneRejects, "\(threads) threads")
        }
    }

    /// A snapshot whose reject rows name no file, so reads of two files compare.
    static func withoutPaths(_ snapshot: IngestSnapshot) -> IngestSnapshot {
        var copy = snapshot
        copy.rejects = copy.rejects.map { entry in
            var entry = entry
            entry.file = ""
            return entry
        }
        return copy
    }
}
