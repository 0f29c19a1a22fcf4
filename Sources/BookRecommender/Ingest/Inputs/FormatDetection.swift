import Foundation

/// Detects a file's format from its first bytes: XML by its root element,
/// LibraryThing JSON by its opening brace, delimited files by their header.
enum FormatDetection {
    /// - Parameter columns: `--columns`, when given: a delimited file whose
    ///   header is not one of the known exports is then a `ratings-csv`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened,
    ///   `.unknownFormat` when nothing matches (the message shows the header).
    static func detect(_ file: InputFile, columns: ColumnMap? = nil) throws(IngestError) -> InputFormat {
        let head = try FileHead.read(file)
        switch head.firstSignificantByte {
        case nil:
            throw .unknownFormat(path: file.path, reason: "the file is empty")
        case UInt8(ascii: "<"):
            let root = try XMLRootDetector.rootElementName(ofFileAt: file.path)
            guard let format = XMLRootDetector.inputFormat(forRoot: root) else {
                let catalogHint =
                    ["collection", "record"].contains(root) ? " (a MARC 21 catalog is read with --catalog)" : ""
                throw .unknownFormat(
                    path: file.path,
                    reason: "XML root element <\(root)> is not <ratings>, a Goodreads <rss> feed or a Goodreads API "
                        + "<GoodreadsResponse>\(catalogHint)")
            }
            return format
        case UInt8(ascii: "{"):
            return .librarything
        default:
            if let format = try CSVFormatDetector.detect(file: file) { return format }
            if columns != nil { return .ratingsCSV }
            let hint = try CSVFormatDetector.headerlessCandidates(file).map {
                "; its fields are as many as a \($0.rawValue) export's, whose header line may be missing "
                    + "(--format \($0.rawValue) reads it without)"
            }.joined()
            throw .unknownFormat(
                path: file.path,
                reason:
                    "header not recognised: \"\(head.firstLine)\"\(hint); give --format (and --columns for ratings-csv)"
            )
        }
    }
}

/// The first few kilobytes of a file, enough to tell its format.
struct FileHead {
    static let size = 4096
    var bytes: [UInt8]

    static func read(_ file: InputFile) throws(IngestError) -> FileHead {
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            throw .cannotRead(path: file.path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        do {
            return FileHead(bytes: Array(try handle.read(upToCount: size) ?? Data()))
        } catch {
            throw .cannotRead(path: file.path, reason: AtomicFile.describe(error))
        }
    }

    /// The first byte that is not whitespace or a byte-order mark; a UTF-16
    /// byte-order mark counts as `<`, since only XML arrives in UTF-16.
    var firstSignificantByte: UInt8? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return UInt8(ascii: "<") }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// The first line, cut short, for messages.
    var firstLine: String {
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(120)
        return String(decoding: line, as: UTF8.self)
    }
}
