import Foundation

extension XMLLineFeeder {
    /// Where a feeder can start on its own, after a document's head, and push
    /// exactly what a feeder from the file's start would push from there:
    /// the start of the run of blanks before `offset` (a piece's start, after
    /// a line feed; not before `floor`), with the line feeds in that run.
    ///
    /// The parser must be given the whole run of blanks, as a parser of the
    /// whole file holds it unparsed (it waits for the next `<`). A feeder from
    /// the file's start pushes every line of fewer than 256 bytes that follows
    /// two such lines whole, apart from a cut at a multiple of the block size
    /// (which a fresh feeder makes too), so the line holding the run's start,
    /// the lines up to `offset` and the two lines before must all be short.
    /// - Returns: nil when they are not (or the run is too long to look at).
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    static func freshStart(_ path: String, before offset: Int, after floor: Int) throws(IngestError) -> (
        start: Int, lineFeeds: Int
    )? {
        let shortLine = 256
        let windowStart = max(0, offset - 8 * shortLine)
        var window = [UInt8](repeating: 0, count: offset - windowStart)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let count = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(windowStart)) }
        guard count == window.count else {
            throw .cannotRead(path: path, reason: count < 0 ? String(cString: strerror(errno)) : "file shrank")
        }
        func byte(_ at: Int) -> UInt8 { window[at - windowStart] }
        /// The start of the line holding `position`; nil when it lies before the window.
        func lineStart(holding position: Int) -> Int? {
            var at = position
            while at > windowStart, byte(at - 1) != 0x0A { at -= 1 }
            return at > windowStart || windowStart == 0 ? at : nil
        }
        var start = offset
        while start > floor, start > windowStart, [0x20, 0x09, 0x0D, 0x0A].contains(byte(start - 1)) { start -= 1 }
        guard start == floor || start > windowStart, let runLine = lineStart(holding: start) else { return nil }
        var line = runLine
        for position in runLine..<offset where byte(position) == 0x0A {
            guard position + 1 - line < shortLine else { return nil }
            line = position + 1
        }
        if runLine > 0 {
            // The file's first four bytes went to libxml2 apart, and a shorter first line went with the next.
            guard let before = lineStart(holding: runLine - 1), runLine - before < shortLine else { return nil }
            if before == 0 {
                guard runLine >= 4 else { return nil }
            } else {
                guard let first = lineStart(holding: before - 1), before - first < shortLine else { return nil }
            }
        }
        return (start, window[(start - windowStart)...].lazy.filter { $0 == 0x0A }.count)
    }
}
