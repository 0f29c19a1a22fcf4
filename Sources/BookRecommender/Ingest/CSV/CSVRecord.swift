/// One record of a delimited file, as `CSVTokenizer.next()` hands it out.
///
/// The field bytes live in the tokenizer's buffer: a record is valid only
/// until the next call to `next()`, and must not be kept.
struct CSVRecord {
    /// Why a record could not be split into fields.
    enum Problem: Sendable, Equatable {
        /// A quoted field was still open at the end of the file.
        case unterminatedQuote
        /// The record is longer than the tokenizer's limit (in bytes).
        case tooLong(limit: Int)

        /// The reject reason a reader reports for this problem.
        var rejectReason: RejectReason {
            switch self {
            case .unterminatedQuote: .unterminatedQuote
            case .tooLong(let limit): .other("record is longer than \(limit) bytes")
            }
        }
    }

    /// Where one field's (unquoted, unescaped) bytes are in the buffer.
    struct Span {
        var start: Int
        var end: Int
    }

    /// The 1-based physical line the record starts on.
    let line: Int
    /// Set when the record could not be split; it then has no fields.
    let problem: Problem?
    /// The number of fields.
    let count: Int
    private let base: UnsafePointer<UInt8>
    private let spans: UnsafePointer<Span>
    private let raw: UnsafeBufferPointer<UInt8>

    /// - Parameter raw: the record's bytes as written in the file.
    init(
        line: Int, problem: Problem?, base: UnsafePointer<UInt8>, spans: UnsafePointer<Span>, count: Int,
        raw: UnsafeBufferPointer<UInt8>
    ) {
        self.line = line
        self.problem = problem
        self.base = base
        self.spans = spans
        self.count = count
        self.raw = raw
    }

    /// The bytes of field `index` (quotes removed, doubled quotes collapsed).
    /// - Precondition: `index < count`.
    @inline(__always)
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(index >= 0 && index < count, "CSV field index out of range")
        let span = spans[index]
        return UnsafeBufferPointer(start: base + span.start, count: span.end - span.start)
    }

    /// The bytes of field `index` without leading and trailing spaces and tabs.
    @inline(__always)
    func trimmedBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        Self.trimmed(bytes(index))
    }

    /// `all` without leading and trailing spaces and tabs.
    @inline(__always)
    static func trimmed(_ all: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0
        var upper = all.count
        while lower < upper, Self.isBlank(all[lower]) { lower += 1 }
        while upper > lower, Self.isBlank(all[upper - 1]) { upper -= 1 }
        return UnsafeBufferPointer(rebasing: all[lower..<upper])
    }

    /// The text of field `index`, trimmed of spaces and tabs, or nil when its
    /// bytes cannot be decoded with `decoding`.
    func text(_ index: Int, _ decoding: TextDecoding) -> String? {
        decoding.decode(trimmedBytes(index))
    }

    /// True when field `index` holds nothing but spaces and tabs.
    func isBlank(_ index: Int) -> Bool { trimmedBytes(index).isEmpty }

    /// True for a row that could be split and whose every field is blank
    /// (`,,`, `;;;`): what spreadsheets leave below the data.
    var isBlankRow: Bool { problem == nil && (0..<count).allSatisfy(isBlank) }

    /// The record as it stands in the file (without its line end), invalid
    /// UTF-8 replaced, for `rejects.csv`.
    var rawText: String { TextDecoding.lossy(raw) }

    /// All fields as text (invalid UTF-8 replaced), untrimmed: for headers and tests.
    var fields: [String] {
        (0..<count).map { TextDecoding.lossy(bytes($0)) }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == CSVDialect.tab
    }
}
