import Testing

@testable import BookRecommender

/// The parser's plain-line fast path (see `CSVTokenizer.plainLine`) takes rows
/// whose user and book are known; every such row that is not plain after all
/// must read as the record path reads it (pinned), in any chunks.
@Suite struct RatingsCSVPlainLineTests {
    /// Rows after `1,2,3` (user 1 and book 2 known) that the fast path must not
    /// take as they stand, with the lines the `String` path rejects.
    @Test(arguments: [
        (
            "user_id,book_id,rating\n1,2,3\n1,2,3,\n1,2\n1,2,4\n", [3, 4],
            "ratings: 1>2=3.0 1>2=4.0; shelved: ; rejects: 3 expected 3 fields, found 4, 4 expected 3 fields, found 2"
        ),
        (
            "user_id,book_id,rating\n1,2,3\n1,2\",3\n1,\"2\",4\n\"1\",2,x\n1,2,4\"\n", [5, 6],
            "ratings: 1>2=3.0 1>2\"=3.0 1>2=4.0; shelved: ; rejects: 5 rating is not a number: \"x\", 6 rating is not a number: \"4\"\""
        ),
        (
            "user_id,book_id,rating\n1,2,3\n 1,2\t,3 \n1,2,3\r\n1,2,4\r1,2,5\n\n1,2,1", [],
            "ratings: 1>2=3.0 1>2=3.0 1>2=3.0 1>2=4.0 1>2=5.0 1>2=1.0; shelved: ; rejects: "
        ),
        // Line 9's empty rating is an interaction (unrated), not a reject.
        (
            "user_id,book_id,rating\n1,2,3\n01,2,3\n1,+2,3\n1,2,+3\n1,2,3.25\n1,2,0\n1,2,6\n1,2,\n1,2,101\n", [10],
            "ratings: 1>2=3.0 01>2=3.0 1>+2=3.0 1>2=3.0 1>2=3.25 1>2=6.0; shelved: 1>2 1>2; rejects: 10 rating \"101\" is above 100, beyond every scale detected from the values; give --rating-scale MIN-MAX"
        ),
        (
            "rating,note,book_id,user_id\n3,a,2,1\n4,,2,1\n5,b,2,1,\n2,\"q\",2,1\n1,2,1\n", [4, 6],
            "ratings: 1>2=3.0 1>2=4.0 1>2=2.0; shelved: ; rejects: 4 expected 4 fields, found 5, 6 expected 4 fields, found 3"
        ),
        (
            "user_id\tbook_id\trating\n1\t2\t3\n1\t 2\t4\n1,2\t2\t3\n1\t2\t4\t\n", [5],
            "ratings: 1>2=3.0 1>2=4.0 1,2>2=3.0; shelved: ; rejects: 5 expected 3 fields, found 4"
        ),
        (
            "user_id,book_id,rating\nann,b-1,3\nann,b-1,4\n ann,b-1 ,5\nann,b-1,4,\n", [5],
            "ratings: ann>b-1=3.0 ann>b-1=4.0 ann>b-1=5.0; shelved: ; rejects: 5 expected 3 fields, found 4"
        ),
        (
            "user_id,book_id,rating\n0,4194304,3\n0,4194304,4\n00,4194304,5\n0,04194304,2\n123456,4194305,1\n", [],
            "ratings: 0>4194304=3.0 0>4194304=4.0 00>4194304=5.0 0>04194304=2.0 123456>4194305=1.0; shelved: ; rejects: "
        ),
        (
            "user_id,book_id,rating\n12345678,4194304,1\n12345678,4194304,2\n012,7,3\n012,7,4\n 7,0,5\n7,0,6\n", [],
            "ratings: 12345678>4194304=1.0 12345678>4194304=2.0 012>7=3.0 012>7=4.0 7>0=5.0 7>0=6.0; shelved: ; rejects: "
        ),
    ])
    func knownKeysInUnusualRowsReadTheSame(_ text: String, rejectLines: [Int], digest: String) throws {
        let file = TemporaryFile(text)
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .whole)
        #expect(expected.rejects.map(\.line) == rejectLines)
        #expect(expected.digest == digest)
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(file.path, path) == expected, "\(path)")
        }
    }

    /// Bad UTF-8 around known keys: before, inside and after them.
    @Test func invalidUTF8NextToKnownKeysIsRejectedTheSame() throws {
        let bytes =
            Array("user_id,book_id,rating\n1,2,3\n".utf8) + [0x31, 0xFF] + Array(",2,3\n1,2".utf8) + [0xC3]
            + Array(",4\n1,2,5\n".utf8)
        let file = TemporaryFile(bytes)
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .whole)
        #expect(expected.rejects.map(\.line) == [3, 4] && expected.ratingValue.count == 2)
        #expect(expected.digest == "ratings: 1>2=3.0 1>2=5.0; shelved: ; rejects: 3 invalid UTF-8, 4 invalid UTF-8")
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(file.path, path) == expected, "\(path)")
        }
    }

    /// One column named for both user and item: the fast path reads the same
    /// field twice.
    @Test func oneColumnForUserAndItemReadsTheSame() throws {
        let file = TemporaryFile("id,score\n5,3\n5,4\n6,x\n6,2\n")
        defer { file.remove() }
        let settings = DelimitedIngest.Settings(columns: ColumnMap(user: "id", item: "id", rating: "score"))
        let expected = try IngestSnapshot.read(file.path, .whole, settings: settings)
        #expect(expected.userIDs == ["5", "6"] && expected.itemKeys == ["5", "6"] && expected.rejects.count == 1)
        #expect(
            expected.digest == "ratings: 5>5=3.0 5>5=4.0 6>6=2.0; shelved: ; rejects: 4 rating is not a number: \"x\"")
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(file.path, path, settings: settings) == expected, "\(path)")
        }
    }

    /// `plainLine` then `skip` gives the fields and lines `next()` gives, at
    /// every buffer size (lines cut by a refill go to `next()`).
    @Test(arguments: [4, 5, 7, 11, 16, 1 << 20])
    func plainLinesMatchTheTokenizer(chunkSize: Int) throws {
        let text =
            "u,b,r\n1,22,3\n\n444,5,6\r\n7,8,9\n0,007,12345678\n\"1\",2,3\n10,11\n12,13,14,15\n16,,17\n,,\n18,19,2"
        let file = TemporaryFile(text)
        defer { file.remove() }
        var fast = try CSVTokenizer(path: file.path, chunkSize: chunkSize)
        var exact = try CSVTokenizer(path: file.path, chunkSize: chunkSize)
        _ = try fast.next()
        _ = try exact.next()
        var plainCount = 0
        while let record = try exact.next() {
            let columns = (2, 0, 1)
            if let line = fast.plainLine(columns, fieldCount: 3) {
                plainCount += 1
                #expect(record.count == 3 && fast.line == record.line)
                let plain = [line.first, line.second, line.third]
                #expect(
                    plain.map { TextDecoding.lossy($0.bytes) } == [
                        record.fields[2], record.fields[0], record.fields[1],
                    ])
                for field in plain {
                    let text = TextDecoding.lossy(field.bytes)
                    let isDigits = (1...7).contains(text.count) && text.allSatisfy(\.isASCII) && Int(text) != nil
                    #expect(field.digits == (isDigits ? Int(text) : -1), "\(text)")
                }
                fast.skip(line)
            } else {
                let other = try #require(try fast.next())
                #expect(other.line == record.line && other.fields == record.fields)
            }
        }
        #expect(try fast.next() == nil)
        #expect(chunkSize < 1 << 20 || plainCount == 5)
    }
}
