import Testing

@testable import BookRecommender

/// A generic ratings file read on several threads, in chunks and batches of
/// any size, gives exactly what one parser reading it whole gives: the same
/// users, items and indices in first-seen order, the same ratings, and the
/// same rejects with the same lines and reasons. What that is, is pinned too.
@Suite struct RatingsCSVThreadTests {
    /// Bad rows at the start, the end and between good ones; repeated,
    /// textual, zero-padded and large ids; blanks; bad UTF-8 (one spelled
    /// like an accepted id with U+FFFD); CRLF, lone CR and blank lines; no
    /// line end at the end.
    static let mixed =
        Array("user_id,book_id,rating\n,5,4\n7,375,4\n7,12,3\r\n8,375,5\r\r9,375,x\n".utf8)
        + Array("\n\nann,b-1,2\n7,5\n0375,0375,1\nA\u{FFFD},1,4\n".utf8) + [0x41, 0xFF] + Array(",1,4\n".utf8)
        + Array("7,,4\n 8 ,\t12 ,3.5\n4194304,99999999,1\n8,375,9\n7,1,2,3\r7,12,0\nann,375,4\n".utf8)
        + [0x37, 0x2C, 0xC3] + Array(",4\n9,12,5\n12,375,1".utf8)

    static let mixedDigest =
        "ratings: 7>375=4.0 7>12=3.0 8>375=5.0 ann>b-1=2.0 0375>0375=1.0 A\u{FFFD}>1=4.0 8>12=3.5 4194304>99999999=1.0 8>375=9.0 ann>375=4.0 9>12=5.0 12>375=1.0; shelved: 7>12; rejects: 2 no user id, 7 rating is not a number: \"x\", 11 expected 3 fields, found 2, 14 invalid UTF-8, 15 no usable book id (no valid ISBN and no id), 19 expected 3 fields, found 4, 22 invalid UTF-8"

    @Test(arguments: IngestSnapshot.bytePaths)
    func mixedRowsReadTheSameEveryWay(_ path: IngestSnapshot.Path) throws {
        let file = TemporaryFile(Self.mixed)
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .whole)
        #expect(expected.digest == Self.mixedDigest)
        #expect(expected.rejects.map(\.line) == [2, 7, 11, 14, 15, 19, 22])
        #expect(expected.ratingValue.count == 12 && expected.shelfUser.count == 1)
        #expect(expected.userIDs.count == 8 && expected.itemKeys.count == 6)
        #expect(try IngestSnapshot.read(file.path, path) == expected)
    }

    @Test(arguments: IngestSnapshot.bytePaths)
    func aFailStopsAtTheFirstBadRecordInFileOrder(_ path: IngestSnapshot.Path) throws {
        let rows = (1...40).map { "\($0 % 7),\($0 % 5),\($0 % 5 + 1)\n" }.joined()
        let file = TemporaryFile("user_id,book_id,rating\n" + rows + "3,4,zero\n" + rows + "3,,1\n")
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .whole, policy: .fail)
        #expect(expected.stoppedAt == 42 && expected.rejects.map(\.line) == [42])
        #expect(expected.rejects.map(\.reason) == [.ratingNotANumber("zero")])
        let snapshot = try IngestSnapshot.read(file.path, path, policy: .fail)
        #expect(snapshot.stoppedAt == expected.stoppedAt && snapshot.rejects == expected.rejects)
    }

    /// A quoted field may hold a line break: from the chunk that has one, the
    /// file is read by one parser, and the result is still the same. Rows of
    /// empty fields (quoted or not, any count) are blank, not rejects.
    @Test(arguments: [
        (
            "user_id,book_id,rating\n1,2,3\n\"7\",\"5\n5\",4\n2,2,4\n1,5,5\n",
            "ratings: 1>2=3.0 7>5\n5=4.0 2>2=4.0 1>5=5.0; shelved: ; rejects: "
        ),
        (
            "\"user_id\",\"book_id\",\"rating\"\n1,2,3\n2,3,4\n3,2,5\n",
            "ratings: 1>2=3.0 2>3=4.0 3>2=5.0; shelved: ; rejects: "
        ),
        (
            "user_id,book_id,rating\n1,2,3\n2,3,4\n3,2,5\n4,1,1\n5,2,2\n6,\"3\r\n\",3\n7,\"unterminated,4\n",
            "ratings: 1>2=3.0 2>3=4.0 3>2=5.0 4>1=1.0 5>2=2.0 6>3\r\n=3.0; shelved: ; rejects: 9 quoted field is not closed before the end of the file"
        ),
        (
            "user_id,book_id,rating\n1,2,3\n,,\n\"\",,\n2,3,4\n ,\t,,,\n3,2,5\n",
            "ratings: 1>2=3.0 2>3=4.0 3>2=5.0; shelved: ; rejects: "
        ),
    ])
    func quotedFieldsReadTheSame(_ text: String, digest: String) throws {
        let file = TemporaryFile(text)
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .whole)
        #expect(expected.digest == digest)
        #expect(expected.counts.balances)
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(file.path, path) == expected, "\(path)")
        }
    }

    /// Spreadsheet leftovers: rows of empty fields, whatever their count, are
    /// blank, on every path; a row with one value among empty fields is not.
    @Test func emptyRowsAreBlankNotRejected() throws {
        let file = TemporaryFile("user_id,book_id,rating\n1,2,3\n,,\n,,,,,\n\"\",\"\",\"\"\n ,\t,\n,7,\n2,3,4\n,,\n")
        defer { file.remove() }
        for path in [IngestSnapshot.Path.whole] + IngestSnapshot.bytePaths {
            let snapshot = try IngestSnapshot.read(file.path, path)
            #expect(snapshot.counts == RecordCounts(read: 8, used: 2, shelved: 0, blank: 5, rejected: 1), "\(path)")
            #expect(snapshot.rejects.map(\.line) == [7], "\(path)")
        }
    }

    /// An ISBN column, resolved against a catalog: items keyed by ISBN-13 or
    /// catalog id, with the catalog's titles; two spellings of one book are one item.
    @Test func isbnColumnsAndTheCatalogResolveTheSame() throws {
        var catalog = Catalog()
        catalog.add(Catalog.Entry(bookID: "2", isbn13: "9780439554930", title: "Sorcerer's Stone", authors: ["JKR"]))
        catalog.add(Catalog.Entry(bookID: "043902348X", title: "Hunger Games"))
        let rows =
            "1;0439554934;4\n2;978-0-439-55493-0;5\n1;043902348X;3\n3;B07MNWKF2M;2\n3;=\"\";2\n2;2;4\n4;0439554934;8\n"
        let file = TemporaryFile("User-ID;ISBN;Book-Rating\n" + rows + rows)
        defer { file.remove() }
        let settings = DelimitedIngest.Settings(scale: .tenPoints)
        let expected = try IngestSnapshot.read(file.path, .whole, settings: settings, catalog: catalog)
        #expect(expected.itemKeys.first == "9780439554930" && expected.items.first?.title == "Sorcerer's Stone")
        #expect(
            expected.digest
                == "ratings: 1>9780439554930=2.0 2>9780439554930=2.5 1>043902348X=1.5 3>asin:B07MNWKF2M=1.0 2>9780439554930=2.0 4>9780439554930=4.0 1>9780439554930=2.0 2>9780439554930=2.5 1>043902348X=1.5 3>asin:B07MNWKF2M=1.0 2>9780439554930=2.0 4>9780439554930=4.0; shelved: ; rejects: 6 no usable book id (no valid ISBN and no id), 13 no usable book id (no valid ISBN and no id)"
        )
        for path in IngestSnapshot.bytePaths {
            #expect(
                try IngestSnapshot.read(file.path, path, settings: settings, catalog: catalog) == expected, "\(path)")
        }
    }

    @Test func aFileWithOnlyLoneCarriageReturnsIsOneChunkAndReadsTheSame() throws {
        let file = TemporaryFile("user_id,book_id,rating\r1,2,3\r2,3,x\r\r3,2,5\r")
        defer { file.remove() }
        #expect(try FileChunks.split(file.path, count: 8, sizes: 1...1) == [0..<Int.max])
        let expected = try IngestSnapshot.read(file.path, .whole)
        #expect(expected.digest == "ratings: 1>2=3.0 3>2=5.0; shelved: ; rejects: 3 rating is not a number: \"x\"")
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(file.path, path) == expected, "\(path)")
        }
    }

    @Test func chunksEndAfterLineFeedsAndCoverTheFile() throws {
        let text = "user_id,book_id,rating\r\n1,2,3\n\n22,33,4\r\n333,444,5\n"
        let file = TemporaryFile(text)
        defer { file.remove() }
        let bytes = Array(text.utf8)
        for size in 1...12 {
            let chunks = try FileChunks.split(file.path, count: 100, sizes: size...size)
            #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == Int.max)
            #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(chunks.dropFirst().allSatisfy { bytes[$0.lowerBound - 1] == UInt8(ascii: "\n") })
            #expect(chunks.dropLast().allSatisfy { $0.count >= size })
        }
    }

    /// A file of interactions with a count column (a count of `x`, `0` or
    /// nothing is a reject) and one without: the plain-line path takes the
    /// counts, and every way of reading gives the same.
    @Test func interactionsAndCountsReadTheSame() throws {
        let counted = TemporaryFile(
            "patron;title;times\np1;b1;3\np1;b2;1\np2;b1;x\np1;b1;2\np2;b2;0\np3;b3;\np2;b1;+4\n")
        defer { counted.remove() }
        let settings = DelimitedIngest.Settings(columns: ColumnMap(user: "patron", item: "title", count: "times"))
        let expected = try IngestSnapshot.read(counted.path, .whole, settings: settings)
        #expect(expected.shelfTag.map(\.count) == [3, 1, 2, 4] && expected.shelfTag.allSatisfy { $0.kind == .unrated })
        #expect(expected.rejects.map(\.line) == [4, 6, 7] && expected.ratingValue.isEmpty)
        let bare = TemporaryFile("user_id,book_id\nann,101\nann,102\nbob,102\nbob,102\n,103\ncy,101\n")
        defer { bare.remove() }
        let unrated = try IngestSnapshot.read(bare.path, .whole)
        #expect(unrated.digest == "ratings: ; shelved: ann>101 ann>102 bob>102 bob>102 cy>101; rejects: 6 no user id")
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(counted.path, path, settings: settings) == expected, "\(path)")
            #expect(try IngestSnapshot.read(bare.path, path) == unrated, "\(path)")
        }
    }
}
