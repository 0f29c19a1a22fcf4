/// Reads one file of one format and hands its records to a sink.
///
/// A reader streams: it never holds the whole file. It reports bad records to
/// the sink and throws only when the file as a whole cannot be read.
protocol FileParser {
    /// Reads every record of `file`.
    /// - Throws: `IngestError.cannotRead` or `.malformed` when the file cannot
    ///   be read or parsed at all; records seen before that were already sent.
    func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError)
}
