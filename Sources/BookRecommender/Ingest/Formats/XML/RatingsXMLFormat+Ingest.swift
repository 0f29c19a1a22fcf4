import Foundation

extension RatingsXMLFormat {
    /// Reads every `rating` of `file` into `sink` as `read(_:into:)` does,
    /// but from the attribute bytes (see `RatingsXMLParser`) and, with
    /// `threads` above 1, in parallel: the content after the root's start tag
    /// is cut into pieces (see `RatingsXMLPieces`), each parsed on one of
    /// `threads` threads after the document's head and added to `sink` in
    /// file order. From the first piece that does not parse as whole
    /// elements (the document breaks there, or the cut fell inside markup), one
    /// `XMLStream` reads on alone, so the result does not depend on `threads`.
    /// A document that breaks keeps every rating whose start tag libxml2
    /// parsed before the break, on the break's line too (which
    /// `read(_:into:)` withholds), and its error is the one `read(_:into:)`
    /// reports; the file is read once. A document without a head to repeat
    /// (another encoding, say) is read by one `XMLStream` from its start; a
    /// pipe (which can be read only once) takes `read(_:into:)`.
    /// - Parameters:
    ///   - pieceBytes: the range of piece sizes (tests use tiny ones).
    ///   - batchRecords: records per batch when one stream reads on alone.
    /// - Throws: as `read(_:into:)`.
    func read(
        _ file: InputFile, into sink: inout IngestSink, threads: Int,
        pieceBytes: ClosedRange<Int> = ChunkPipeline.pieceBytes,
        batchRecords: Int = ChunkPipeline.batchRecords
    ) throws(IngestError) {
        guard let fileSize = FileChunks.regularFileSize(file.path) else { return try read(file, into: &sink) }
        let path = file.path
        // The prolog is read as `read(_:into:)` reads it, with its refusals and messages.
        var prolog = try XMLStream(path: path)
        let declared = try Self.readRoot(&prolog)
        let scale = self.scale ?? declared
        _ = consume prolog
        var resumption: XMLStream.Resumption?
        if let head = try XMLDocumentHead.read(path) {
            let pieces = try RatingsXMLPieces(path, head: head, count: threads * 8, sizes: pieceBytes)
            var lineBase = head.rootLine - 1
            guard
                let (alone, endTags) = try pieces.add(
                    to: &sink, threads: threads, scale: scale, lineBase: &lineBase, fileSize: fileSize)
            else { return }
            resumption = pieces.resumption(atPiece: alone, lineBase: lineBase, endTags: endTags)
        }
        var indices = RatingsRowParser.Indices()
        var failure: IngestError?
        var first = true
        let start = resumption?.start ?? 0
        RatingsXMLParser(path: path, scale: scale, root: resumption?.head.rootName).readOn(
            resuming: resumption, batchRecords: batchRecords
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
