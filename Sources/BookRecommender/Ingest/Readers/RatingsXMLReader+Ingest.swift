extension RatingsXMLReader {
    /// Records per batch when one parser reads on to the end of a file.
    static let batchRecords = 1 << 16
    /// The size of the pieces parsed at once (bytes).
    static let pieceBytes = (256 << 10)...(1 << 20)

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
    /// before the break. A pipe (which can be read only once) takes
    /// `read(_:into:)`.
    /// - Parameters:
    ///   - pieceBytes: the range of piece sizes (tests use tiny ones).
    ///   - batchRecords: records per batch when one parser reads on alone.
    /// - Throws: as `read(_:into:)`.
    func read(
        _ file: InputFile, into sink: inout IngestSink, threads: Int,
        pieceBytes: ClosedRange<Int> = RatingsXMLReader.pieceBytes,
        batchRecords: Int = RatingsXMLReader.batchRecords
    ) throws(IngestError) {
        guard let fileSize = FileChunks.regularFileSize(file.path) else { return try read(file, into: &sink) }
        let path = file.path
        // The prolog is read as `read(_:into:)` reads it, with its refusals and messages.
        var prolog = try XMLStreamReader(path: path)
        let scale = try Self.readRoot(&prolog)
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
            start = pieces[alone].lowerBound
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
        if let failure { throw failure }
    }
}
