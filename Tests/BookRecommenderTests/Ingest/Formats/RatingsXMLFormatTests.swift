import Foundation
import Testing

@testable import BookRecommender

@Suite struct RatingsXMLFormatTests {
    private func read(
        _ path: String, scale: RatingScale? = nil, stopAfter: Int? = nil
    ) -> (sink: CollectingSink, error: IngestError?) {
        var sink = CollectingSink(stopAfter: stopAfter)
        do throws(IngestError) {
            try RatingsXMLFormat(scale: scale).read(InputFile(path: path), into: &sink)
            return (sink, nil)
        } catch {
            return (sink, error)
        }
    }

    @Test func readsGoodRatings() {
        let (sink, error) = read(XMLFixtures.path("ratings_good.xml"))
        #expect(error == nil)
        #expect(
            sink.ratings == [
                .init(user: "u1", book: BookRef(isbn13: "9780439023481"), value: 4, line: 4),
                .init(
                    user: "u1",
                    book: BookRef(isbn13: "9780385490818", title: "The Handmaid's Tale", authors: ["Margaret Atwood"]),
                    value: 4.5, line: 5),
                .init(user: "u2", book: BookRef(localID: "b17", title: "Café & Co"), value: 3, line: 8),
                .init(user: "u2", book: BookRef(isbn13: "9780201116090", localID: "b99"), value: 5, line: 9),
            ])
        #expect(sink.shelved.isEmpty && sink.rejects.isEmpty)
    }

    /// Without a stated scale the values come as they are (the sink detects
    /// the scale); a 0 is a shelved book, a value above 100 a reject.
    @Test func valuesComeRawWhenNoScaleIsStated() throws {
        let path = try XMLFixtures.write(
            """
            <ratings>
            <rating user="u" isbn="9780439023481" value="7"/>
            <rating user="u" book="b2" value="0"/>
            <rating user="u" book="b3" value="101"/>
            </ratings>
            """)
        let (sink, error) = read(path)
        #expect(error == nil)
        #expect(sink.ratings == [.init(user: "u", book: BookRef(isbn13: "9780439023481"), value: 7, line: 2)])
        #expect(sink.shelved == [.init(user: "u", book: BookRef(localID: "b2"), line: 3)])
        #expect(sink.rejects.map(\.reason) == [.ratingAboveDetection("101")])
        let (given, _) = read(path, scale: RatingScale(minimum: 0, maximum: 10))
        let expected: [Float] = [40 / 11, 5 / 11]
        #expect(given.ratings.map(\.value) == expected)
    }

    @Test func tenPointScaleIsHalved() {
        let (sink, error) = read(XMLFixtures.path("ratings_scale10.xml"))
        #expect(error == nil)
        #expect(sink.ratings.map(\.value) == [4, 5])
        #expect(
            sink.rejects == [
                .init(
                    line: 5, reason: .ratingOffScale("11"),
                    record: #"<rating user="u2" isbn="9780140143508" value="11"/>"#)
            ])
    }

    @Test func badRecordsAreRejectedAndReadingGoesOn() {
        let (sink, error) = read(XMLFixtures.path("ratings_bad.xml"), scale: .fiveStars)
        #expect(error == nil)
        #expect(
            sink.rejects == [
                .init(line: 3, reason: .missingUser, record: #"<rating isbn="9780439023481" value="4"/>"#),
                .init(line: 4, reason: .noBookID, record: #"<rating user="u1" value="4"/>"#),
                .init(line: 5, reason: .noBookID, record: #"<rating user="u1" isbn="0439023484" value="4"/>"#),
                .init(line: 6, reason: .noBookID, record: #"<rating user="u1" isbn="x" value="9"/>"#),
                .init(
                    line: 7, reason: .ratingNotANumber("four"),
                    record: #"<rating user="u1" isbn="9780439023481" value="four"/>"#),
                .init(
                    line: 8, reason: .ratingOffScale("9"),
                    record: #"<rating user="u1" isbn="9780439023481" value="9"/>"#),
            ])
        #expect(
            sink.ratings == [
                .init(user: "u1", book: BookRef(title: "A \"quoted\" <title>"), value: 2, line: 9),
                .init(user: "u3", book: BookRef(isbn13: "9780439023481"), value: 2, line: 10),
            ])
    }

    @Test func truncatedFileKeepsEarlierRecordsAndNamesTheLine() {
        let path = XMLFixtures.path("ratings_truncated.xml")
        let (sink, error) = read(path)
        #expect(sink.ratings.map(\.user) == ["u1", "u2"])
        guard case .malformed(path, 5, let reason) = error else {
            Issue.record("expected malformed at line 5, got \(String(describing: error))")
            return
        }
        #expect(
            reason == "the file ends inside <ratings>, which is never closed: was it cut short? "
                + "(libxml2: AttValue: ' expected)")
    }

    @Test func doctypeWithoutEntitiesIsReadWithoutLoadingOrDefaults() {
        let (sink, error) = read(XMLFixtures.path("ratings_doctype.xml"))
        #expect(error == nil)
        #expect(sink.ratings.map(\.user) == ["u1"])
        #expect(sink.rejects.map(\.reason) == [.ratingNotANumber("")])
    }

    @Test func utf16WithByteOrderMark() {
        let (sink, error) = read(XMLFixtures.path("ratings_utf16.xml"))
        #expect(error == nil)
        #expect(
            sink.ratings == [
                .init(
                    user: "ünïcode", book: BookRef(isbn13: "9780439023481", title: "Café — naïve"), value: 4, line: 3),
                .init(user: "u2", book: BookRef(localID: "b1"), value: 2, line: 4),
            ])
    }

    @Test(arguments: [
        (
            "<rss><rating user=\"u\" isbn=\"9780439023481\" value=\"4\"/></rss>",
            "root element is <rss>, expected <ratings>"
        ),
        ("<ratings scale=\"100\"/>", "scale=\"100\" is not 5 or 10"),
    ])
    func wrongRootOrScaleIsMalformed(_ text: String, _ reason: String) throws {
        let path = try XMLFixtures.write(text)
        let (sink, error) = read(path)
        #expect(sink.total == 0)
        #expect(error == .malformed(path: path, line: 1, reason: reason))
    }

    @Test func ratingsNestedInOtherElementsAreIgnored() throws {
        let path = try XMLFixtures.write(
            "<ratings><group><rating user=\"u\" isbn=\"9780439023481\" value=\"4\"/></group></ratings>")
        let (sink, error) = read(path)
        #expect(error == nil && sink.total == 0)
    }

    @Test func stopsOnceTheSinkIsStopped() {
        let (sink, error) = read(XMLFixtures.path("ratings_bad.xml"), stopAfter: 2)
        #expect(error == nil)
        #expect(sink.total == 2)
    }

    @Test func largeFileStreamsWithExactLineNumbers() throws {
        let folder = try XMLFixtures.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ratings.xml")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        var size = 0
        func write(_ text: String) throws {
            let data = Data(text.utf8)
            try handle.write(contentsOf: data)
            size += data.count
        }
        try write("<?xml version=\"1.0\"?>\n<ratings>\n")
        let count = 360_000
        let perChunk = 10_000
        for chunk in 0..<(count / perChunk) {
            var text = ""
            for index in (chunk * perChunk)..<((chunk + 1) * perChunk) {
                text += "  <rating user=\"user\(index % 5000)\" book=\"book-\(index)\" value=\"\(index % 5 + 1)\"/>\n"
            }
            try write(text)
        }
        try write("</ratings>\n")
        try handle.close()
        #expect(size > 20_000_000)

        var sink = LineCheckingSink()
        try RatingsXMLFormat().read(InputFile(path: url.path), into: &sink)
        #expect(sink.count == count)
        #expect(sink.wrongLines == 0)
    }
}

/// Counts ratings without keeping them, checking each one's line: rating `n`
/// (from `book-n`) sits on line `n + 3`.
private struct LineCheckingSink: RecordSink {
    var count = 0
    var wrongLines = 0
    var isStopped: Bool { false }

    mutating func rating(user: String, book: BookRef, value: Float, line: Int) {
        if book.localID != "book-\(line - 3)" { wrongLines += 1 }
        count += 1
    }

    mutating func interaction(user: String, book: BookRef, kind: InteractionKind, count: UInt32, line: Int) {
        wrongLines += 1
    }

    mutating func reject(line: Int, reason: RejectReason, record: String) { wrongLines += 1 }

    mutating func blank(line: Int) { wrongLines += 1 }
}
