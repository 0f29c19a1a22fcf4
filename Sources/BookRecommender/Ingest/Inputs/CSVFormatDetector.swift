/// Recognises a delimited file's format from its header line.
enum CSVFormatDetector {
    /// The format whose header `headerFields` is, or nil when none fits.
    /// Names are compared case-insensitively, in this order: Goodreads
    /// (`Book Id`, `My Rating`, `Exclusive Shelf`), StoryGraph (`ISBN/UID`
    /// with `Star Rating`, or with `Title`, `Authors` and `Read Status` when a
    /// spreadsheet cut the rest off), LibraryThing (`Primary Author` with `ISBNs` or
    /// `Book ID`), Book-Crossing (`User-ID`, `Book-Rating`), then a library's
    /// circulation export (a patron and an item column, see `LoansColumns`), then a
    /// generic file (a user and a book column under the usual names, with a rating
    /// column or without one, see `RatingColumns`).
    static func detect(headerFields: [String]) -> InputFormat? {
        let header = CSVHeader(headerFields)
        let has = { (names: [String]) in names.allSatisfy(header.contains) }
        if has(["Book Id", "My Rating", "Exclusive Shelf"]) { return .goodreads }
        if has(["ISBN/UID", "Star Rating"]) || has(["Title", "Authors", "ISBN/UID", "Read Status"]) {
            return .storygraph
        }
        if has(["Primary Author"]) && (has(["ISBNs"]) || has(["Book ID"])) { return .librarything }
        if has(["User-ID", "Book-Rating"]) { return .bookcrossing }
        if LoansColumns.matches(header) { return .loans }
        if [RatingColumns.user, .book].allSatisfy({ $0.index(in: header) != nil }) { return .ratingsCSV }
        return nil
    }

    /// The format of `file` judged by its first line (BOM skipped, delimiter
    /// detected), or nil when the file is empty or the line fits no format.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    static func detect(file: InputFile) throws(IngestError) -> InputFormat? {
        try firstLine(of: file).map { detect(headerFields: $0) } ?? nil
    }

    /// The exports whose header has as many fields as the first line of
    /// `file`: what a file that lost its header line may be (a hint only).
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    static func headerlessCandidates(_ file: InputFile) throws(IngestError) -> [InputFormat] {
        guard let fields = try firstLine(of: file) else { return [] }
        return InputFormat.allCases.filter { format in
            KnownHeaders.layouts(of: format).contains { $0.count == fields.count }
        }
    }

    private static func firstLine(of file: InputFile) throws(IngestError) -> [String]? {
        var tokenizer = try CSVTokenizer(path: file.path)
        guard let first = try tokenizer.next(), first.problem == nil else { return nil }
        return first.fields
    }
}
