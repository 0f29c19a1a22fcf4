/// Where a `Log` writes its lines.
///
/// `write` receives each event as one line ending in a newline. It may be
/// called from several threads at once, so it must be safe to call
/// concurrently (a `FileHandle` write of one line is). When `isTerminal` is
/// true a person is watching: the enrichment progress is then redrawn in
/// place (text starting with a carriage return and ending without a newline)
/// instead of being logged every tenth of the books.
public struct LogSink: Sendable {
    /// True when the text reaches a terminal a person watches.
    public let isTerminal: Bool
    private let writer: @Sendable (String) -> Void

    /// A sink that hands every piece of text to `write`.
    public init(isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        writer = write
    }

    /// Passes `text` on.
    public func write(_ text: String) { writer(text) }

    /// Drops everything: the default of `Log()`.
    public static let discard = LogSink { _ in }
}
