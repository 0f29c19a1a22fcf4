/// The header lines of the known exports, for a file whose header line is
/// missing (a user cut it off, or split the file): with `--format` naming the
/// export, its rows are read by their field count.
enum KnownHeaders {
    /// Goodreads' 31-column header (2012–2020 exports).
    static let goodreads31 = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Recommended For", "Recommended By", "Owned Copies",
        "Original Purchase Date", "Original Purchase Location", "Condition", "Condition Description", "BCID",
    ]

    /// Goodreads' 24-column header (2024 and later): the first 23 columns, then `Owned Copies`.
    static let goodreads24 = Array(goodreads31.prefix(23)) + ["Owned Copies"]

    /// StoryGraph's 23-column header.
    static let storygraph = [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?", "Strong Character Development?",
        "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review",
        "Content Warnings", "Content Warning Description", "Tags", "Owned?",
    ]

    /// LibraryThing's 49-column CSV and TSV header.
    static let librarything = [
        "Book ID", "Title", "Sort Character", "Primary Author", "Primary Author Role", "Secondary Author",
        "Secondary Author Role", "Publication", "Date", "Review", "Rating", "Comment", "Private Comment", "Summary",
        "Media", "Physical Description", "Weight", "Height", "Thickness", "Length", "Dimensions", "Page Count",
        "LCCN", "Acquired", "Date Started", "Date Read", "Barcode", "BCID", "Tags", "Collections", "Languages",
        "Original Languages", "LC Classification", "ISBN", "ISBNs", "Subjects", "Dewey Decimal", "Dewey Wording",
        "Other Call Number", "Copies", "Source", "Entry Date", "From Where", "OCLC", "Work id", "Lending Patron",
        "Lending Status", "Lending Start", "Lending End",
    ]

    /// Book-Crossing's three columns.
    static let bookcrossing = ["User-ID", "ISBN", "Book-Rating"]

    /// The headers `format` has been written with.
    static func layouts(of format: InputFormat) -> [[String]] {
        switch format {
        case .goodreads: [goodreads31, goodreads24]
        case .storygraph: [storygraph]
        case .librarything: [librarything]
        case .bookcrossing: [bookcrossing]
        case .ratingsCSV, .ratingsXML, .goodreadsRSS, .goodreadsAPI, .loans: []
        }
    }

    /// For `DelimitedFile`: the header to assume when the first line of a file
    /// of `format` is data, nil when it is a header: when two of its fields
    /// are column names of the format (any case), so that a header with
    /// columns of its own still reads by name. Data is accepted only when the
    /// user named the format (`named`); an export without its header is not
    /// guessed at.
    /// - Throws: `IngestError.malformed` for data when the format was not
    ///   named, or when its field count matches no layout of the format.
    static func assumed(_ format: InputFormat, named: Bool, path: String) -> (
        [String]
    ) throws(IngestError) -> [String]? {
        let names = Set(layouts(of: format).joined().map { $0.lowercased() })
        return { fields throws(IngestError) in
            guard fields.count(where: { names.contains($0.trimmingBlanks().lowercased()) }) < 2 else { return nil }
            let counts = layouts(of: format).map(\.count)
            guard named else {
                throw .malformed(
                    path: path, line: 1,
                    reason: "the first line is not a \(format.rawValue) header; name the format (--format "
                        + "\(format.rawValue)) to read a file without its header by its field count")
            }
            guard let layout = layouts(of: format).first(where: { $0.count == fields.count }) else {
                throw .malformed(
                    path: path, line: 1,
                    reason: "the first line is not a \(format.rawValue) header, and its \(fields.count) fields "
                        + "match no \(format.rawValue) layout ("
                        + counts.map(String.init).joined(separator: " or ") + " fields)")
            }
            return layout
        }
    }
}
