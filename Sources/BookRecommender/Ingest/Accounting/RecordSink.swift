/// Receives the records a reader finds, in input order.
///
/// Readers never keep records themselves; they hand each one over as soon as it
/// is parsed, so memory stays flat however large the file. `line` is the
/// 1-based line on which the record starts.
protocol RecordSink {
    /// A rating on the common 0–5 scale (see `RatingScale`).
    mutating func rating(user: String, book: BookRef, value: Float, line: Int)
    /// A book the user has without a rating (read, currently reading, to-read,
    /// borrowed `count` times): learned from and never recommended to them.
    mutating func interaction(user: String, book: BookRef, kind: InteractionKind, count: UInt32, line: Int)
    /// A record that cannot be used, with the raw text for `rejects.csv`.
    mutating func reject(line: Int, reason: RejectReason, record: String)
    /// A row whose every field is empty: counted, neither used nor rejected.
    mutating func blank(line: Int)
    /// True once the sink wants no more records (`--on-bad-record fail` saw a
    /// bad one). Readers check it after each record and return early.
    var isStopped: Bool { get }
}

extension RecordSink {
    /// One interaction of `kind`.
    mutating func interaction(user: String, book: BookRef, kind: InteractionKind, line: Int) {
        interaction(user: user, book: book, kind: kind, count: 1, line: line)
    }
}
