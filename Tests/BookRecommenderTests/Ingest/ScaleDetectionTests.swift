import Foundation
import Testing

@testable import BookRecommender

/// A generic file's rating scale: detected from its values, given with
/// `--rating-scale`, or stated by a ratings XML root, and recorded per file.
@Suite struct ScaleDetectionTests {
    /// Ingests `text` as one generic file and returns its report, the data and the rejects.
    static func ingest(
        _ text: String, suffix: String = ".csv", scale: RatingScale? = nil, policy: BadRecordPolicy = .skip,
        threads: Int = 1
    ) throws -> (report: FileReport, result: Ingestor.Result, rejects: RejectLog) {
        let file = TemporaryFile(text, suffix: suffix)
        defer { file.remove() }
        let rejects = RejectLog(streamingTo: nil, keep: 100)
        let result = try Ingestor(format: nil, columns: nil, ratingScale: scale, policy: policy, threads: threads)
            .ingest([InputFile(path: file.path)], catalogFile: nil, rejects: rejects)
        return (try #require(result.files.first), result, rejects)
    }

    /// `rows` as a `user,item,rating` file.
    static func csv(_ ratings: [String]) -> String {
        "user,item,rating\n" + ratings.enumerated().map { "u\($0.offset % 3),b\($0.offset),\($0.element)\n" }.joined()
    }

    @Test func aTenPointFileIsHalvedAndItsZerosAreShelved() throws {
        let (report, result, _) = try Self.ingest(Self.csv(["8", "10", "0", "3", "7"]))
        #expect(report.scale == FileScale(RatingScale(minimum: 1, maximum: 10), source: .detected))
        #expect(result.data.ratingValue == [4, 5, 1.5, 3.5])
        #expect(report.records == RecordCounts(read: 5, used: 4, shelved: 1, rejected: 0))
        #expect(result.data.shelfItem.map { result.data.itemKeys[Int($0)] } == ["b2"])
    }

    @Test func aPercentFileAndAHalfStarFile() throws {
        let percent = try Self.ingest(Self.csv(["80", "100", "35", "4"]))
        #expect(percent.report.scale == FileScale(RatingScale(minimum: 1, maximum: 100), source: .detected))
        #expect(percent.result.data.ratingValue == [4, 5, 1.75, 0.2])
        let halves = try Self.ingest(Self.csv(["0.5", "4.5", "3", "5"]))
        #expect(halves.report.scale == FileScale(RatingScale(minimum: 0.5, maximum: 5), source: .detected))
        #expect(halves.result.data.ratingValue == [0.5, 4.5, 3, 5])
    }

    /// UCSD's interactions: `is_read` beside the rating, 0 for unread or unrated books.
    @Test func ucsdInteractionsShelveTheirZeros() throws {
        let text = "user_id,book_id,is_read,rating,is_reviewed\n0,948,1,5,0\n0,947,0,0,0\n1,948,1,0,0\n1,12,1,3,1\n"
        let (report, result, _) = try Self.ingest(text)
        #expect(report.format == .ratingsCSV)
        #expect(report.scale == FileScale(RatingScale(minimum: 1, maximum: 5), source: .detected))
        #expect(report.records == RecordCounts(read: 4, used: 2, shelved: 2, rejected: 0))
        #expect(result.data.ratingValue == [5, 3])
    }

    /// A stray value among many stars is off the scale, not a reason to halve
    /// every rating: the file is read again on five stars and the stray one
    /// rejected with its line, on any number of threads.
    @Test(arguments: [1, 2])
    func aFewStrayValuesAreRejectedNotTakenAsTheScale(_ threads: Int) throws {
        let ratings = (0..<40).map { String($0 % 5 + 1) } + ["7", "4", "150"]
        let (report, result, rejects) = try Self.ingest(Self.csv(ratings), threads: threads)
        #expect(report.scale == FileScale(RatingScale(minimum: 1, maximum: 5), source: .detected))
        #expect(report.records == RecordCounts(read: 43, used: 41, shelved: 0, rejected: 2))
        #expect(rejects.first.map(\.line) == [42, 44])
        #expect(rejects.first.map(\.reason) == [.ratingOffScale("7"), .ratingOffScale("150")])
        #expect(result.data.ratingValue.max() == 5 && result.data.itemKeys.count == 41)
    }

    /// Ratings mostly above 100 fit no scale: the file is unusable as a whole,
    /// named with the line of the first such rating, and none of it is kept.
    @Test func ratingsAbove100MakeTheWholeFileUnusable() throws {
        let (report, result, rejects) = try Self.ingest(Self.csv(["4", "940636800", "1260759144", "3"]))
        #expect(report.scale == nil)
        #expect(report.records == RecordCounts(read: 1, used: 0, shelved: 0, rejected: 1))
        #expect(result.data.userCount == 0 && result.data.itemCount == 0 && result.data.ratingCount == 0)
        #expect(rejects.count == 1 && rejects.first.first?.line == 3)
        #expect(report.error?.contains("give --rating-scale MIN-MAX") == true)
        let error = #expect(throws: IngestError.self) {
            try Self.ingest(Self.csv(["4", "940636800", "1260759144", "3"]), policy: .fail)
        }
        guard case .badRecord(_, 3, .ratingAboveDetection("940636800")) = error else {
            Issue.record("expected a bad record at line 3, got \(String(describing: error))")
            return
        }
    }

    /// `--rating-scale` wins over detection; a scale from 0 counts 0 as a rating.
    @Test func aGivenScaleIsUsedAsGiven() throws {
        let one = try Self.ingest(Self.csv(["4", "0", "5", "9"]), scale: RatingScale(minimum: 1, maximum: 5))
        #expect(one.report.scale == FileScale(RatingScale(minimum: 1, maximum: 5), source: .given))
        #expect(one.report.records == RecordCounts(read: 4, used: 2, shelved: 1, rejected: 1))
        let zero = try Self.ingest(Self.csv(["0", "10"]), scale: RatingScale(minimum: 0, maximum: 10))
        #expect(zero.result.data.ratingValue == [5.0 / 11, 5])
        #expect(zero.report.records == RecordCounts(read: 2, used: 2, shelved: 0, rejected: 0))
    }

    @Test func aRatingsXMLRootStatesItsScaleElseItIsDetected() throws {
        let stated = try Self.ingest(
            "<ratings scale=\"10\"><rating user=\"u\" book=\"b\" value=\"6\"/></ratings>", suffix: ".xml")
        #expect(stated.report.scale == FileScale(.tenPoints, source: .file))
        #expect(stated.result.data.ratingValue == [3])
        let detected = try Self.ingest(
            "<ratings><rating user=\"u\" book=\"b\" value=\"60\"/><rating user=\"u\" book=\"c\" value=\"0\"/></ratings>",
            suffix: ".xml")
        #expect(detected.report.scale == FileScale(RatingScale(minimum: 1, maximum: 100), source: .detected))
        #expect(detected.result.data.ratingValue == [3])
        #expect(detected.report.records == RecordCounts(read: 2, used: 1, shelved: 1, rejected: 0))
    }

    @Test func exportFormatsReportTheirFixedScale() throws {
        let (report, _, _) = try Self.ingest("\"User-ID\";\"ISBN\";\"Book-Rating\"\n\"1\";\"0439023483\";\"7\"\n")
        #expect(report.format == .bookcrossing)
        #expect(report.scale == FileScale(.tenPoints, source: .format))
    }

    @Test(arguments: [
        ("1-10", RatingScale(minimum: 1, maximum: 10)), ("0.5-5", RatingScale(minimum: 0.5, maximum: 5)),
        ("0-100", RatingScale(minimum: 0, maximum: 100)),
    ])
    func scalesParse(_ text: String, _ scale: RatingScale) {
        #expect(RatingScale(parsing: text) == scale)
        #expect(scale.text == text)
    }

    @Test(arguments: ["10-1", "5", "-1-5", "1-", "a-b", "1-2-3", "0-0", "1e1-2e1", "nan-5", "1-2000000"])
    func badScalesDoNotParse(_ text: String) {
        #expect(RatingScale(parsing: text) == nil)
    }
}

/// `RatingValues` sums up ratings the same one by one and a batch at a time.
@Suite struct RatingValuesTests {
    @Test(arguments: [[4, 5, 1, 3], [0.5, 4.5, 100, 7], [10, 10.25, 2], [Float]()])
    func batchesAgreeWithSingleValues(_ values: [Float]) {
        var single = RatingValues()
        for value in values { single.add(value) }
        var batch = RatingValues()
        batch.add(contentsOf: Array(values.prefix(2)))
        batch.add(contentsOf: Array(values.dropFirst(2)))
        #expect(batch == single)
    }

    @Test func whatTheScaleRestsOn() {
        var values = RatingValues()
        values.add(contentsOf: [4, 5.5, 12, 0.5])
        values.addBeyondLimit()
        #expect(values.count == 5 && values.largest == 12 && values.smallest == 0.5)
        #expect(values.aboveFive == 3 && values.aboveTen == 2 && values.aboveHundred == 1)
    }
}
