import Testing

@testable import BookRecommender

/// The byte-level, chunked read of generic ratings files gives exactly what
/// the `String` read gives: the same users, items and indices in first-seen
/// order, the same ratings, and the same rejects with the same lines and
/// reasons, whatever the thread count, chunk size or batch size.
@Suite struct RatingsCSVByteReadTests {
    /// Bad rows at the start, the end and between good ones; repeated,
    /// textual, zero-padded and large ids; blanks; bad UTF-8 (one spelled
    /// like an accepted id with U+FFFD); CRLF, lone CR and blank lines; no
    /// line end at the end.
    static let mixed =
        Array("user_id,book_id,rating\n,5,4\n7,375,4\n7,12,3\r\n8,375,5\r\r9,375,x\n".utf8)
        + Array("\n\nann,b-1,2\n7,5\n0375,0375,1\nA\u{FFFD},1,4\n".utf8) + [0x41, 0xFF] + Array(",1,4\n".utf8)
        + Array("7,,4\n 8 ,\t12 ,3.5\n4194304,99999999,1\n8,375,9\n7,1,2,3\r7,12,0\nann,375,4\n".utf8)
        + [0x37, 0x2C, 0xC3] + Array(",4\n9,12,5\n12,375,1".utf8)

    @Test(arguments: IngestSnapshot.bytePaths)
    func mixedRowsReadTheSameEveryWay(_ path: IngestSnapshot.Path) throws {
        let file = TemporaryFile(Self.mixed)
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .strings)
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
        let expected = try IngestSnapshot.read(file.path, .strings, policy: .fail)
        #expect(expected.stoppedAt == 42 && expected.rejects.map(\.line) == [42])
        let snapshot = try IngestSnapshot.read(file.path, path, policy: .fail)
        #expect(snapshot.stoppedAt == expected.stoppedAt && snapshot.rejects == expected.rejects)
    }

    /// A quoted field may hold a line break: from the chunk that has one, the
    /// file is read by one parser, and the result is still the same. Rows of
    /// empty fields (quoted or not, any count) are blank, not rejects.
    @Test(arguments: [
        "user_id,book_id,rating\n1,2,3\n\"7\",\"5\n5\",4\n2,2,4\n1,5,5\n",
        "\"user_id\",\"book_id\",\"rating\"\n1,2,3\n2,3,4\n3,2,5\n",
        "user_id,book_id,rating\n1,2,3\n2,3,4\n3,2,5\n4,1,1\n5,2,2\n6,\"3\r\n\",3\n7,\"unterminated,4\n",
        "user_id,book_id,rating\n1,2,3\n,,\n\"\",,\n2,3,4\n ,\t,,,\n3,2,5\n",
    ])
    func quotedFieldsReadTheSame(_ text: String) throws {
        let file = TemporaryFile(text)
        defer { file.remove() }
        let expected = try IngestSnapshot.read(file.path, .strings)
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
        for path in [IngestSnapshot.Path.strings] + IngestSnapshot.bytePaths {
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
        let reader = RatingsCSVReader(scale: .tenPoints)
        let expected = try IngestSnapshot.read(file.path, .strings, reader: reader, catalog: catalog)
        #expect(expected.itemKeys.first == "9780439554930" && expected.items.first?.title == "Sorcerer's Stone")
        for path in IngestSnapshot.bytePaths {
            #expect(try IngestSnapshot.read(file.path, path, reader: reader, catalog: catalog) == expected, "\(path)")
        }
    }

    @Test func aFileWithOnlyLoneCarriageReturnsIsOneChunkAndReadsTheSame() throws {
        let file = TemporaryFile("user_id,book_id,rating\r1,2,3\r2,3,x\r\r3,2,5\r")
        defer { file.remove() }
        #expect(try FileChunks.split(file.path, count: 8, sizes: 1...1) == [0..<Int.max])
        let expected = try IngestSnapshot.read(file.path, .strings)
        #expect(expected.rejects.map(\.line) == [3])
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
}
