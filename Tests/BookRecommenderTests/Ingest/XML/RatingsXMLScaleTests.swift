import Foundation
import Testing

@testable import BookRecommender

/// Ratings XML read in parallel pieces from its bytes keeps the per-file
/// scale rules: a 1-10 file (detected, stated by its root, or given) is
/// halved, its zeros are shelved, a stray value in range is rejected after
/// the file is read again on the detected scale, and every thread count gives
/// the same data, file report and reject rows.
@Suite struct RatingsXMLScaleTests {
    static let count = 30_000

    /// Rating `index` on line `index + 3`: values 0 to 10 in turn, every
    /// 997th not a number, and two strays (50 and 150) a 1-10 file cannot hold.
    static func record(_ index: Int) -> String {
        let value =
            switch index {
            case _ where index % 997 == 0: "x"
            case 12_345: "50"
            case 23_456: "150"
            default: String(index % 11)
            }
        return "  <rating user=\"r\(index % 401)\" book=\"\(index % 1009)\" value=\"\(value)\"/>\n"
    }

    /// The document, its root stating `scale` when given.
    static func document(scale: String?) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ratings\(scale.map { " scale=\"\($0)\"" } ?? "")>\n"
            + (0..<count).map(record).joined() + "</ratings>\n"
    }

    /// Where the scale comes from in each case: the values, the root, `--rating-scale`.
    static let sources: [FileScale.Source] = [.detected, .file, .given]

    @Test(arguments: sources)
    func zerosAreShelvedAndStraysRejectedOnAnyThreadCount(_ source: FileScale.Source) throws {
        let path = try XMLFixtures.write(Self.document(scale: source == .file ? "10" : nil), named: "scale10.xml")
        let head = try #require(try XMLDocumentHead.read(path))
        let pieces = try FileChunks.split(
            path, from: head.end, count: 24, sizes: ChunkPipeline.pieceBytes, after: UInt8(ascii: ">"))
        #expect(pieces.count >= 3, "three threads read the file in pieces")
        func ingest(threads: Int) throws -> (Ingestor.Result, [RejectLog.Entry]) {
            let rejects = RejectLog(streamingTo: nil, keep: 1000)
            let given = source == .given ? RatingScale.tenPoints : nil
            let result = try Ingestor(format: nil, columns: nil, ratingScale: given, policy: .skip, threads: threads)
                .ingest([InputFile(path: path)], catalogFile: nil, rejects: rejects)
            return (result, rejects.first)
        }
        let (one, oneRejects) = try ingest(threads: 1)
        let report = try #require(one.files.first)
        #expect(report.format == .ratingsXML && report.error == nil)
        #expect(report.scale == FileScale(.tenPoints, source: source))
        #expect(report.records == RecordCounts(read: 30_000, used: 27_242, shelved: 2_725, rejected: 33))
        #expect(one.data.userCount == 401 && one.data.itemCount == 1009)
        #expect(one.data.ratingValue.prefix(5) == [0.5, 1, 1.5, 2, 2.5])
        #expect(one.data.ratingValue.reduce(0, +) == 74_914 && one.data.ratingValue.max() == 5)
        #expect(one.data.shelfItem.prefix(3).map { one.data.itemKeys[Int($0)] } == ["11", "22", "33"])
        let expectedRejects =
            stride(from: 0, to: Self.count, by: 997).map { ($0 + 3, RejectReason.ratingNotANumber("x")) }
            + [(12_348, .ratingOffScale("50")), (23_459, .ratingOffScale("150"))]
        #expect(oneRejects.map(\.line) == expectedRejects.map(\.0).sorted())
        #expect(
            oneRejects.map(\.reason) == expectedRejects.sorted { $0.0 < $1.0 }.map(\.1),
            "strays are off the 1-10 scale, not above detection")
        for threads in [2, 3] {
            let (result, rejects) = try ingest(threads: threads)
            let (data, expected) = (result.data, one.data)
            #expect(data.userIDs == expected.userIDs && data.itemKeys == expected.itemKeys, "\(threads) threads")
            #expect(data.ratingUser == expected.ratingUser && data.ratingItem == expected.ratingItem)
            #expect(data.ratingValue == expected.ratingValue, "\(threads) threads")
            #expect(data.shelfUser == expected.shelfUser && data.shelfItem == expected.shelfItem, "\(threads) threads")
            #expect(result.files == one.files && rejects == oneRejects, "\(threads) threads")
        }
    }

    /// The byte read and the `String` read on `XMLStream` agree on a
    /// detected file's raw values and shelved zeros, whatever the pieces.
    @Test func theByteReadKeepsRawValuesAndShelvesZerosAsTheStringReadDoes() throws {
        let path = try XMLFixtures.write(Self.document(scale: nil), named: "raw.xml")
        let strings = XMLReadOutcome.read(path, .strings)
        #expect(strings.snapshot.ratingValue.max() == 50, "values stay raw while the scale is detected")
        #expect(strings.snapshot.shelfUser.count == 2_725 && strings.snapshot.counts.rejected == 32)
        for threads in [1, 3] {
            let route = XMLReadOutcome.Route.bytes(
                threads: threads, pieceBytes: 4096...4096, batchRecords: ChunkPipeline.batchRecords)
            #expect(XMLReadOutcome.read(path, route) == strings, "\(route)")
        }
    }
}
