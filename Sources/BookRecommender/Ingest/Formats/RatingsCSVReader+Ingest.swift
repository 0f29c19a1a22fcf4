extension RatingsCSVReader {
    /// Reads every record of `file` into `sink` with the same result as
    /// `read(_:into:)`, but from the field bytes (see `RatingsRowParser`). With
    /// `threads` above 1 the file is cut into chunks at line feeds, parsed on
    /// `threads` threads (see `ChunkPipeline`) and added to `sink` in file
    /// order, so the result does not depend on `threads`. From the first chunk
    /// holding a quoted field (whose line breaks may not end records), one
    /// parser reads on alone. A pipe (which can be read only once) takes the
    /// `String` path.
    /// - Parameters:
    ///   - chunkBytes: the range of chunk sizes (tests use tiny ones).
    ///   - batchRecords: records per batch when one parser reads on alone.
    /// - Throws: as `read(_:into:)`.
    func read(
        _ file: InputFile, into sink: inout IngestSink, threads: Int,
        chunkBytes: ClosedRange<Int> = ChunkPipeline.pieceBytes,
        batchRecords: Int = ChunkPipeline.batchRecords
    ) throws(IngestError) {
        guard FileChunks.isRegularFile(file.path) else { return try read(file, into: &sink) }
        let input = try DelimitedFile(file)
        let layout = try layout(of: input)
        // The byte path reads ratings; a file of interactions (no rating column) takes the `String` path.
        guard let rating = layout.rating else { return try read(file, into: &sink) }
        let parser = RatingsRowParser(layout: layout, rating: rating)
        let delimiter = input.delimiter
        let fileSize = input.fileSize ?? 0
        let chunks =
            threads > 1 && fileSize > 0
            ? try FileChunks.split(file.path, count: threads * 8, sizes: chunkBytes) : [0..<Int.max]
        var lineBase = 0
        var next = 0
        if chunks.count > 1 {
            let path = file.path
            let pipeline = ChunkPipeline(chunks: chunks, threads: threads, window: 2 * threads) {
                var parser = parser
                return { range, batch in parser.parse(path, delimiter: delimiter, range: range, into: &batch) }
            }
            defer { pipeline.stop() }
            guard let alone = try pipeline.addInOrder(to: &sink, lineBase: &lineBase, of: fileSize) else { return }
            next = alone
        }
        guard next < chunks.count else { return }
        var rest = parser
        var indices = RatingsRowParser.Indices()
        var batch = RatingsBatch()
        var first = true
        let start = chunks[next].lowerBound
        var tokenizer = try CSVTokenizer(path: file.path, delimiter: delimiter, range: start..<Int.max)
        if start == 0 { _ = try tokenizer.next() }
        while true {
            rest.parse(&tokenizer, into: &batch, limit: batchRecords)
            sink.take(batch, indices: &indices, lineBase: lineBase)
            if let error = batch.error { throw error }
            if batch.isFinished || sink.isStopped { return }
            if first {
                sink.reserve(after: batch, in: tokenizer.position - start, of: fileSize - start)
                first = false
            }
        }
    }

}
