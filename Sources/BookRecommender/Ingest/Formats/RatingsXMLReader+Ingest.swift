import Foundation

extension RatingsXMLReader {
    /// Reads every `rating` of `file` into `sink` with the same result as
    /// `read(_:into:)`, but from the attribute bytes (see `RatingsXMLParser`)
    /// and, with `threads` above 1, in parallel: the content after the root's
    /// start tag is cut into pieces after a line feed that follows a `>`, each
    /// parsed on one of `threads` threads after the document's head (see
    /// `XMLDocumentHead`) and added to `sink` in file order (see
    /// `ChunkPipeline`). From the first piece that does not parse as whole
    /// elements on its own (the document breaks there, or the cut fell inside
    /// markup), one parser reads on alone after the head, so the result does
    /// not depend on `threads`. A document that breaks keeps every rating
    /// before the break, and its error is the one `read(_:into:)` reports:
    /// libxml2 words some errors by how the bytes were fed ("Double hyphen
    /// within comment" with or without the comment's start), so a broken file
    /// is walked once more by the line-fed `XMLStreamReader` for it. A pipe
    /// (which can be read only once) takes `read(_:into:)`.
    /// - Parameters:
    ///   - pieceBytes: the range of piece sizes (tests use tiny ones).
    ///   - batchRecords: records per batch when one parser reads on alone.
    /// - Throws: as `read(_:into:)`.
    func read(
        _ file: InputFile, into sink: inout IngestSink, threads: Int,
        pieceBytes: ClosedRange<Int> = ChunkPipeline.pieceBytes,
        batchRecords: Int = ChunkPipeline.batchRecords
    ) throws(IngestError) {
        guard let fileSize = FileChunks.regularFileSize(file.path) else { return try read(file, into: &sink) }
        let path = file.path
        // The prolog is read as `read(_:into:)` reads it, with its refusals and messages.
        var prolog = try XMLStreamReader(path: path)
        let declared = try Self.readRoot(&prolog)
        let scale = self.scale ?? declared
        _ = consume prolog
        let head = threads > 1 ? try XMLDocumentHead.read(path) : nil
        let pieces =
            try head.map { head throws(IngestError) in
                try FileChunks.split(
                    path, from: head.end, count: threads * 8, sizes: pieceBytes, after: UInt8(ascii: ">"))
            } ?? []
        var lineBase = (head?.rootLine ?? 1) - 1
        var start = 0
        if pieces.count > 1, let head {
            let pipeline = ChunkPipeline(chunks: pieces, threads: threads, window: 2 * threads) {
                let parser = RatingsXMLParser(path: path, scale: scale)
                return { range, batch in parser.parse(piece: range, after: head, into: &batch) }
            }
            defer { pipeline.stop() }
            guard let alone = try pipeline.addInOrder(to: &sink, lineBase: &lineBase, of: fileSize - head.end),
                alone < pieces.count
            else { return }
            let resume = try Self.blanks(path, before: pieces[alone].lowerBound, after: head.end)
            start = resume.start
            lineBase -= resume.lineFeeds
        }
        var indices = RatingsRowParser.Indices()
        var failure: IngestError?
        var first = true
        RatingsXMLParser(path: path, scale: scale).readOn(
            from: start, after: start == 0 ? nil : head, lineBase: lineBase, batchRecords: batchRecords
        ) { batch, bytesRead in
            sink.take(batch, indices: &indices, lineBase: 0)
            if first {
                sink.reserve(after: batch, in: bytesRead, of: fileSize - start)
                first = false
            }
            failure = batch.error
            return failure == nil && !sink.isStopped
        }
        guard let failure else { return }
        guard case .malformed = failure else { throw failure }
        throw Self.lineFedError(path) ?? failure
    }

    /// The error the line-fed `XMLStreamReader` stops with on the file at
    /// `path`, walking every node; nil when it reads to the end.
    private static func lineFedError(_ path: String) -> IngestError? {
        do throws(IngestError) {
            var reader = try XMLStreamReader(path: path, byLine: true)
            while try reader.advance() {}
            return nil
        } catch {
            return error
        }
    }

    /// The run of blanks and line breaks just before `offset` (not reaching
    /// back past `floor`): where it starts and how many line feeds it holds.
    ///
    /// One parser reads on from the start of that run rather than from the
    /// piece that could not be read alone: libxml2's push parser leaves text
    /// it has not parsed by the end of a document unread when it is one byte
    /// long, which moves the line of the error it then reports, so the parser
    /// must see the whole run, as a parser of the whole file does.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    private static func blanks(_ path: String, before offset: Int, after floor: Int) throws(IngestError) -> (
        start: Int, lineFeeds: Int
    ) {
        let descriptor = try XMLPushParser.open(path)
        defer { close(descriptor) }
        var window = [UInt8](repeating: 0, count: 4096)
        var start = offset
        var lineFeeds = 0
        while start > floor {
            let from = max(floor, start - window.count)
            let count = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, start - from, off_t(from)) }
            guard count == start - from else {
                throw .cannotRead(path: path, reason: count < 0 ? String(cString: strerror(errno)) : "file shrank")
            }
            for byte in window[0..<count].reversed() {
                guard [0x20, 0x09, 0x0D, 0x0A].contains(byte) else { return (start, lineFeeds) }
                if byte == 0x0A { lineFeeds += 1 }
                start -= 1
            }
        }
        return (start, lineFeeds)
    }
}
