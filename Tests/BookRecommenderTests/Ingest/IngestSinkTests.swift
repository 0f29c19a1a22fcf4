import Testing

@testable import BookRecommender

/// `IngestSink` interning: users and items get indices in first-seen order,
/// whether their ids are numbers, text or repeats of the previous record's user.
@Suite struct IngestSinkTests {
    @Test func usersAndItemsAreIndexedInFirstSeenOrder() {
        var sink = IngestSink(catalog: Catalog(), policy: .skip, rejects: RejectLog(streamingTo: nil))
        let rows: [(String, String)] = [
            ("7", "375"), ("7", "12"), ("ann", "12"), ("7", "b-1"), ("07", "375"), ("ann", "0375"), ("7", "375"),
        ]
        for (line, row) in rows.enumerated() {
            sink.rating(user: row.0, book: BookRef(localID: row.1), value: 3, line: line + 2)
        }
        #expect(sink.data.userIDs == ["7", "ann", "07"])
        #expect(sink.data.itemKeys == ["375", "12", "b-1", "0375"])
        #expect(sink.data.ratingUser == [0, 0, 1, 0, 2, 1, 0])
        #expect(sink.data.ratingItem == [0, 1, 1, 2, 0, 3, 0])
        #expect(sink.counts.used == 7)
    }
}
