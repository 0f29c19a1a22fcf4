import Foundation
import Testing

@testable import BookRecommender

/// `RejectLog` writes `rejects.csv` through a buffer: the file holds the
/// header and every row, escaped as `CSVField` escapes, once flushed.
@Suite struct RejectLogTests {
    /// A log streaming to a fresh temporary file, and that file's path.
    static func streaming(keep: Int = 2) throws -> (RejectLog, FileHandle, TemporaryFile) {
        let file = TemporaryFile("")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
        return (RejectLog(streamingTo: handle, keep: keep), handle, file)
    }

    @Test func rowsAreEscapedLikeCSVFieldsAndWrittenOnFlush() throws {
        let (log, handle, file) = try Self.streaming()
        defer { file.remove() }
        let entries = [
            RejectLog.Entry(file: "club/a,b.csv", line: 3, reason: .missingUser, record: ",5,4"),
            RejectLog.Entry(file: "x.csv", line: 9, reason: .ratingNotANumber("\"4\""), record: " say \"hi\"\r\n"),
            RejectLog.Entry(file: "y.csv", line: 0, reason: .other("unknown format"), record: ""),
        ]
        for entry in entries { log.add(entry) }
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "")
        log.flush()
        try handle.close()
        let expected =
            "file,line,reason,record\n" + "\"club/a,b.csv\",3,no user id,\",5,4\"\n"
            + "x.csv,9,\"rating is not a number: \"\"\"\"4\"\"\"\"\",\" say \"\"hi\"\"\r\n\"\n"
            + "y.csv,0,unknown format,\n"
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == expected)
        #expect(log.count == 3 && log.first == Array(entries.prefix(2)))
    }

    /// More rows than one buffer holds: every row arrives, in order, once.
    @Test func manyRowsCrossTheBufferInOrder() throws {
        let (log, handle, file) = try Self.streaming()
        defer { file.remove() }
        let rows = 3 * RejectLog.flushBytes / 40
        for line in 1...rows {
            log.add(RejectLog.Entry(file: "b.csv", line: line, reason: .missingUser, record: ",\(line),"))
        }
        log.flush()
        try handle.close()
        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == rows + 1)
        #expect(lines[1] == "b.csv,1,no user id,\",1,\"")
        #expect(lines[rows] == "b.csv,\(rows),no user id,\",\(rows),\"")
        #expect(log.writeFailure == nil && log.count == rows)
    }

    @Test func aLongRecordIsCut() {
        let entry = RejectLog.Entry(file: "f", line: 1, reason: .noBookID, record: String(repeating: "é", count: 5000))
        #expect(RejectLog.row(entry) == "f,1,\(RejectReason.noBookID),\(String(repeating: "é", count: 4096))…\n")
    }
}

/// `RejectLog.rollback(to:)` forgets rows, in memory and in the file, even
/// when some were flushed already.
@Suite struct RejectLogRollbackTests {
    @Test func rowsSinceTheMarkAreGoneFromTheFile() throws {
        let (log, handle, file) = try RejectLogTests.streaming(keep: 3)
        defer { file.remove() }
        log.add(RejectLog.Entry(file: "a.csv", line: 2, reason: .missingUser, record: "x"))
        let mark = log.mark()
        let rows = 2 * RejectLog.flushBytes / 20
        for line in 1...rows { log.add(RejectLog.Entry(file: "b.csv", line: line, reason: .missingUser, record: "")) }
        log.rollback(to: mark)
        log.add(RejectLog.Entry(file: "b.csv", line: 0, reason: .other("unknown format"), record: ""))
        log.flush()
        try handle.close()
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text == "file,line,reason,record\na.csv,2,no user id,x\nb.csv,0,unknown format,\n")
        #expect(log.count == 2 && log.first.map(\.line) == [2, 0] && log.writeFailure == nil)
    }

    @Test func aRollbackWithinTheBufferKeepsWhatCameBefore() throws {
        let (log, handle, file) = try RejectLogTests.streaming()
        defer { file.remove() }
        log.add(RejectLog.Entry(file: "a.csv", line: 2, reason: .missingUser, record: "x"))
        let mark = log.mark()
        log.add(RejectLog.Entry(file: "a.csv", line: 3, reason: .missingUser, record: "y"))
        log.rollback(to: mark)
        log.flush()
        try handle.close()
        #expect(
            try String(contentsOfFile: file.path, encoding: .utf8) == "file,line,reason,record\na.csv,2,no user id,x\n")
    }
}

/// A collecting `RejectLog` (what `bookrec train` keeps for `TrainingIngest`)
/// holds the rows a streaming one writes, until its limit; `add(rows:count:)`
/// writes them back.
@Suite struct RejectLogCollectingTests {
    static let entries = [
        RejectLog.Entry(file: "club/a,b.csv", line: 3, reason: .missingUser, record: ",5,4"),
        RejectLog.Entry(file: "x.csv", line: 9, reason: .noBookID, record: " say \"hi\""),
        RejectLog.Entry(file: "y.csv", line: 0, reason: .other("unknown format"), record: ""),
    ]

    @Test func itCollectsTheRowsAStreamingLogWritesAndTheyWriteBackTheSame() throws {
        let collecting = RejectLog(collectingUpTo: 1 << 20, keep: 1)
        for entry in Self.entries { collecting.add(entry) }
        let rows = try #require(collecting.collectedRows)
        #expect(collecting.count == 3 && collecting.first == [Self.entries[0]])

        let (streaming, handle, file) = try RejectLogTests.streaming()
        defer { file.remove() }
        for entry in Self.entries { streaming.add(entry) }
        streaming.flush()
        let (replayed, replayHandle, replayFile) = try RejectLogTests.streaming()
        defer { replayFile.remove() }
        replayed.add(rows: rows, count: collecting.count)
        replayed.flush()
        try handle.close()
        try replayHandle.close()
        let written = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(written == RejectLog.header + String(decoding: rows, as: UTF8.self))
        #expect(try String(contentsOfFile: replayFile.path, encoding: .utf8) == written)
        #expect(replayed.count == 3 && replayed.first.isEmpty)
    }

    @Test func aRollbackForgetsCollectedRows() throws {
        let log = RejectLog(collectingUpTo: 1 << 20)
        log.add(Self.entries[0])
        let mark = log.mark()
        log.add(Self.entries[1])
        log.rollback(to: mark)
        log.add(Self.entries[2])
        #expect(
            log.collectedRows.map { String(decoding: $0, as: UTF8.self) }
                == "\"club/a,b.csv\",3,no user id,\",5,4\"\ny.csv,0,unknown format,\n")
        #expect(log.count == 2)
    }

    /// Past the limit the rows are dropped for good (a rollback does not bring
    /// them back), but every one is still counted.
    @Test func pastItsLimitItKeepsNoRows() throws {
        let limit = 2 * RejectLog.row(Self.entries[0]).utf8.count
        let log = RejectLog(collectingUpTo: limit)
        log.add(Self.entries[0])
        let mark = log.mark()
        #expect(log.collectedRows != nil)
        for _ in 0..<3 { log.add(Self.entries[0]) }
        #expect(log.collectedRows == nil && log.count == 4)
        log.rollback(to: mark)
        #expect(log.collectedRows == nil)
        let streaming = RejectLog(streamingTo: nil)
        streaming.add(Self.entries[0])
        #expect(streaming.collectedRows == nil)
    }
}
