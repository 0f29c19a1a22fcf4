import Testing

@testable import BookRecommender

/// One record as the tests compare it.
struct TokenizedRecord: Equatable {
    var line: Int
    var fields: [String]
    var problem: CSVRecord.Problem? = nil
}

/// Tokenizes `bytes` from a temporary file, also returning each record's raw text.
func tokenize(
    _ bytes: [UInt8], delimiter: UInt8? = nil, chunkSize: Int = 1 << 20, maxRecordBytes: Int = 1 << 20
) throws -> (records: [TokenizedRecord], raw: [String]) {
    let file = TemporaryFile(bytes)
    defer { file.remove() }
    var tokenizer = try CSVTokenizer(
        path: file.path, delimiter: delimiter, chunkSize: chunkSize, maxRecordBytes: maxRecordBytes)
    var records: [TokenizedRecord] = []
    var raw: [String] = []
    while let record = try tokenizer.next() {
        records.append(TokenizedRecord(line: record.line, fields: record.fields, problem: record.problem))
        raw.append(record.rawText)
    }
    return (records, raw)
}

func tokenize(_ text: String, chunkSize: Int = 1 << 20) throws -> [TokenizedRecord] {
    try tokenize(Array(text.utf8), chunkSize: chunkSize).records
}

@Suite struct CSVTokenizerTests {
    @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() throws {
        let text = "a,b,c\n\"x,y\",\"say \"\"hi\"\"\",\"two\nlines\"\nlast,\"\",z\n"
        #expect(
            try tokenize(text) == [
                TokenizedRecord(line: 1, fields: ["a", "b", "c"]),
                TokenizedRecord(line: 2, fields: ["x,y", "say \"hi\"", "two\nlines"]),
                TokenizedRecord(line: 4, fields: ["last", "", "z"]),
            ])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func lineEndsAreAllRecognised(_ end: String) throws {
        let text = ["h1,h2", "1,2", "\"q\(end)q\",3"].joined(separator: end) + end
        #expect(
            try tokenize(text) == [
                TokenizedRecord(line: 1, fields: ["h1", "h2"]),
                TokenizedRecord(line: 2, fields: ["1", "2"]),
                TokenizedRecord(line: 3, fields: ["q\(end)q", "3"]),
            ])
    }

    @Test func bomIsStrippedAndMissingFinalNewlineIsFine() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("user,book\n1,2".utf8)
        #expect(
            try tokenize(bytes).records == [
                TokenizedRecord(line: 1, fields: ["user", "book"]),
                TokenizedRecord(line: 2, fields: ["1", "2"]),
            ])
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        #expect(
            try tokenize("a,b\n\n\r\n1,2\n\n") == [
                TokenizedRecord(line: 1, fields: ["a", "b"]),
                TokenizedRecord(line: 4, fields: ["1", "2"]),
            ])
    }

    /// Spreadsheet formulas (bare and quoted) and triple quotes lose their
    /// wrapper: no `=` or quote of them reaches a field.
    @Test func spreadsheetWrappersComeOffAlike() throws {
        let text =
            "48484,=\"0765312182\",=\"\"\n1,\"=\"\"0141026162\"\"\",\"=\"\"\"\"\"\n"
            + "276725,\"\"\"034545104X\"\"\",0\n\"\"\"a \"\"b\"\" c\"\"\",= 1,x=\"y\"\n"
        #expect(
            try tokenize(text) == [
                TokenizedRecord(line: 1, fields: ["48484", "0765312182", ""]),
                TokenizedRecord(line: 2, fields: ["1", "0141026162", ""]),
                TokenizedRecord(line: 3, fields: ["276725", "034545104X", "0"]),
                TokenizedRecord(line: 4, fields: ["\"a \"b\" c\"", "= 1", "x=\"y\""]),
            ])
    }

    /// Columns padded to line up: a quote after blanks opens a quoted field,
    /// so its commas stay inside; blanks elsewhere stay for readers to trim.
    @Test func blanksBeforeAQuoteStillOpenIt() throws {
        let text = "   257233, Raintree County , \"Jr., Ross Lockridge\"    , \"=\"\"014023666X\"\"\"\t,  \n"
        #expect(
            try tokenize(text) == [
                TokenizedRecord(
                    line: 1,
                    fields: ["   257233", " Raintree County ", "Jr., Ross Lockridge    ", "014023666X", "  "])
            ])
    }

    @Test func textAfterAClosingQuoteIsKept() throws {
        #expect(try tokenize("\"ab\"cd,e\n") == [TokenizedRecord(line: 1, fields: ["abcd", "e"])])
    }

    @Test func rawTextIsTheRecordAsWritten() throws {
        let result = try tokenize(Array("a,\"b \"\"c\"\"\"\r\nx,y".utf8))
        #expect(result.raw == ["a,\"b \"\"c\"\"\"", "x,y"])
    }

    @Test func unterminatedQuoteIsReportedWithItsStartLine() throws {
        let text = "a,b\n1,2\n3,\"open\nmore\nstill open"
        #expect(
            try tokenize(text) == [
                TokenizedRecord(line: 1, fields: ["a", "b"]),
                TokenizedRecord(line: 2, fields: ["1", "2"]),
                TokenizedRecord(line: 3, fields: [], problem: .unterminatedQuote),
            ])
    }

    static let boundaryTexts = [
        "id,name,note\r\n1,\"Smith, J\",\"a \"\"q\"\"\r\nline\"\n2,x,\r3,\"\",\"\"\"\"\n",
        "abc\r\ndef\r\n\"g\r\nh\",i\r\nj\"\"k\r\n",
    ]

    @Test(arguments: 1...12, 0..<2)
    func recordsAcrossChunkBoundariesMatchOneChunk(chunkSize: Int, text: Int) throws {
        let text = Self.boundaryTexts[text]
        #expect(try tokenize(text, chunkSize: chunkSize) == (try tokenize(text)))
    }

    @Test func boundaryTextsAsOneChunk() throws {
        #expect(try tokenize(Self.boundaryTexts[0]).map(\.line) == [1, 2, 4, 5])
        #expect(
            try tokenize(Self.boundaryTexts[1]) == [
                TokenizedRecord(line: 1, fields: ["abc"]), TokenizedRecord(line: 2, fields: ["def"]),
                TokenizedRecord(line: 3, fields: ["g\r\nh", "i"]), TokenizedRecord(line: 5, fields: ["j\"\"k"]),
            ])
    }

    @Test func overlongRecordIsRejectedAndReadingResumes() throws {
        let long = "1,\"" + String(repeating: "x", count: 100) + "\"\n"
        let result = try tokenize(Array(("a,b\n" + long + "2,3\n").utf8), chunkSize: 8, maxRecordBytes: 32)
        #expect(result.records.map(\.line) == [1, 2, 3])
        #expect(result.records[1].problem == .tooLong(limit: 32))
        #expect(result.records[2].fields == ["2", "3"])
    }

    @Test func explicitDelimiterOverridesDetection() throws {
        #expect(try tokenize(Array("a;b,c\n".utf8), delimiter: CSVDialect.comma).records[0].fields == ["a;b", "c"])
    }

    @Test func missingFileCannotBeRead() {
        #expect(throws: IngestError.self) { _ = try CSVTokenizer(path: "/nonexistent/bookrec.csv") }
    }
}
