import Foundation
import Testing

@testable import BookRecommender

/// Damaged and crafted text files through the whole ingest: each record is
/// used, shelved or rejected with its file, line and reason, and a file that
/// cannot be read costs only itself.
@Suite struct HostileTextTests {
    @Test(arguments: HostileInput.all)
    func everyRecordIsAccountedFor(_ input: HostileInput) throws {
        let path = try HostileIngest.write(input.bytes, named: input.fileName)
        let outcome = try HostileIngest.ingest([path], format: input.format)
        let counts = outcome.counts
        let expected = RecordCounts(
            read: input.used + input.shelved + input.rejected, used: input.used, shelved: input.shelved,
            rejected: input.rejected)
        #expect(counts == expected, "\(outcome.rejects.map { "\($0.line): \($0.reason)" })")
        let failure = HostileIngest.failure([path], format: input.format)
        if let first = outcome.rejects.first {
            #expect(failure?.line == first.line, "\(String(describing: failure))")
        } else {
            #expect(failure == nil)
        }
    }

    @Test func unterminatedQuoteIsRejectedAtTheLineItStarts() throws {
        let text = "user_id,book_id,rating\nu1,b1,4\nu2,\"b2\nb3,5\nu4,b4,3\n"
        let path = try HostileIngest.write(Array(text.utf8), named: "r.csv")
        let outcome = try HostileIngest.ingest([path], format: .ratingsCSV)
        #expect(outcome.counts.used == 1)
        #expect(outcome.rejects.map(\.line) == [3])
        #expect(outcome.rejects.first?.reason == .unterminatedQuote)
        #expect(outcome.rejects.first?.record.hasPrefix("u2,\"b2\nb3,5") == true)
    }

    @Test func linesOfMegabytesAreReadAndTheirRejectRowsStaySmall() throws {
        let long = String(repeating: "x", count: 3 << 20)
        let text = "user_id,book_id,rating\nu1,\(long),4\nu2,b2,\(long)\nu3,b3,5\n"
        let path = try HostileIngest.write(Array(text.utf8), named: "r.csv")
        let outcome = try HostileIngest.ingest([path], format: .ratingsCSV)
        #expect(outcome.counts.used == 2 && outcome.counts.rejected == 1)
        #expect(outcome.result.data.itemKeys.contains(long))
        let reject = try #require(outcome.rejects.first)
        #expect(reject.line == 3)
        #expect(RejectLog.row(reject).utf8.count < 5000)
    }

    @Test func nulBytesStayInsideTheirField() throws {
        let path = try HostileIngest.write(
            HostileInput.ratingsHeader + Array("u\0x,b1,4\nu2,b2,5\n".utf8), named: "r.csv")
        let outcome = try HostileIngest.ingest([path], format: .ratingsCSV)
        #expect(outcome.result.data.userIDs == ["u\0x", "u2"])
    }

    @Test func latin1IsReadOnlyWhereTheFormatAllowsIt() throws {
        let latin1Name: [UInt8] = [0x4A, 0xE9, 0x72, 0xF4, 0x6D, 0x65]  // "Jérôme" in Latin-1
        let bookCrossing = try HostileIngest.write(
            Array("\"User-ID\";\"ISBN\";\"Book-Rating\"\n\"".utf8) + latin1Name
                + Array("\";\"0439023483\";\"8\"\n".utf8),
            named: "bx.csv")
        let accepted = try HostileIngest.ingest([bookCrossing], format: nil)
        #expect(accepted.result.data.userIDs == ["Jérôme"])
        let ratings = try HostileIngest.write(
            HostileInput.ratingsHeader + latin1Name + Array(",0439023483,4\n".utf8), named: "r.csv")
        let refused = try HostileIngest.ingest([ratings], format: nil)
        #expect(refused.rejects.map(\.reason) == [.invalidEncoding])
        #expect(refused.rejects.first?.record == "J\u{FFFD}r\u{FFFD}me,0439023483,4")
    }

    /// Paths that open but cannot be read: a folder named like a file
    /// (`read` fails with EISDIR) and `/proc/self/mem` (a regular file whose
    /// first page is unmapped, so `read` fails with EIO, even for root, where
    /// `chmod 000` would not stop anything).
    static let unreadable = ["folder.csv", "/proc/self/mem"]

    @Test(arguments: unreadable, [nil] + InputFormat.allCases)
    func anUnreadableFileCostsOnlyItself(_ name: String, _ format: InputFormat?) throws {
        let folder = try HostileIngest.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var path = name
        if !name.hasPrefix("/") {
            path = folder.appendingPathComponent(name).path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        let good = folder.appendingPathComponent("good.csv")
        try Data("user_id,book_id,rating\nu1,b1,4\n".utf8).write(to: good)
        let outcome = try HostileIngest.ingest([path, good.path], format: format)
        let report = try #require(outcome.result.files.first)
        #expect(report.records == RecordCounts(read: 1, used: 0, shelved: 0, rejected: 1))
        #expect(report.error?.contains("cannot read") == true, "\(report.error ?? "no error")")
        #expect(outcome.rejects.first?.file == path)
        if format == nil || format == .ratingsCSV {
            #expect(outcome.result.files[1].records.used == 1)
        }
        guard case .cannotRead(let failedPath, _) = HostileIngest.failure([path], format: format) else {
            Issue.record("fail mode did not stop with cannotRead")
            return
        }
        #expect(failedPath == path)
    }
}
