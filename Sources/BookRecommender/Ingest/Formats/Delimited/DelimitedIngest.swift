/// Reads a delimited file of any format into the sink: the one way every CSV
/// and TSV export is read (`RatingsRowParser` over `CSVRows`, in batches).
///
/// With `threads` above 1, a regular file is cut into chunks at line feeds,
/// parsed on `threads` threads (see `ChunkPipeline`) and added to the sink in
/// file order, so the result does not depend on `threads`. From the first
/// chunk holding a quoted field (whose line breaks may not end records), one
/// parser reads on alone. A pipe, or a file whose first line is data, is read
/// by one parser from its start.
enum DelimitedIngest {
    /// The settings a delimited format is read with.
    struct Settings {
        /// `--columns` for a generic ratings file.
        var columns: ColumnMap?
        /// A generic ratings file's scale; nil detects it (see `RatingsCSVFormat`).
        var scale: RatingScale?
        /// True when the user named the format: an export whose header line
        /// is missing is then read by its field count (see `KnownHeaders`).
        var formatNamed = false
    }

    /// Reads every record of `file`, a `format` export, into `sink`.
    /// - Precondition: `format` is delimited (`Ingestor.reader(for:)` has no reader for it).
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or its header lacks a column the format
    ///   needs (the message names it and lists the header), or its first line
    ///   is data the format cannot read.
    static func read(
        _ file: InputFile, as format: InputFormat, settings: Settings, into sink: inout IngestSink, threads: Int
    ) throws(IngestError) {
        var input = try open(file, as: format, settings: settings)
        let parser = try parser(format, for: input, settings: settings, catalog: sink.catalog)
        try read(&input, with: parser, into: &sink, threads: threads)
    }

    /// Opens `file`, a `format` export, and reads its first line: the header,
    /// or (with the format named) data under the header the format assumes.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty, or its first line is data the format
    ///   cannot read (see `KnownHeaders`).
    static func open(
        _ file: InputFile, as format: InputFormat, settings: Settings
    ) throws(IngestError) -> DelimitedFile {
        try DelimitedFile(file, assumedHeader: assumedHeader(format, settings: settings, path: file.path))
    }

    /// The parser of `format` for the file `input` opened.
    /// - Throws: `IngestError.malformed` when the header lacks a column the format needs.
    static func parser(
        _ format: InputFormat, for input: borrowing DelimitedFile, settings: Settings, catalog: Catalog
    ) throws(IngestError) -> RatingsRowParser {
        switch format {
        case .ratingsCSV:
            RatingsRowParser(
                try RatingsCSVFormat(input, columns: settings.columns, scale: settings.scale), catalog: catalog)
        case .loans: RatingsRowParser(try LoansCSVFormat(input), catalog: catalog)
        case .goodreads: RatingsRowParser(try GoodreadsCSVFormat(input), catalog: catalog)
        case .storygraph: RatingsRowParser(try StoryGraphCSVFormat(input), catalog: catalog)
        case .librarything: RatingsRowParser(try LibraryThingCSVFormat(input), catalog: catalog)
        case .bookcrossing: RatingsRowParser(try BookCrossingCSVFormat(input), catalog: catalog)
        case .ratingsXML, .goodreadsRSS, .goodreadsAPI: preconditionFailure("\(format) is not a delimited format")
        }
    }

    /// The header a per-person export is read with when its first line is
    /// data (see `KnownHeaders`); a generic file always has its header line.
    private static func assumedHeader(
        _ format: InputFormat, settings: Settings, path: String
    ) -> ([String]) throws(IngestError) -> [String]? {
        switch format {
        case .goodreads, .storygraph, .librarything, .bookcrossing:
            KnownHeaders.assumed(format, named: settings.formatNamed, path: path)
        case .ratingsCSV, .loans, .ratingsXML, .goodreadsRSS, .goodreadsAPI: { _ in nil }
        }
    }

    /// Reads the rows of `input` (its first line read) with `parser` into `sink`.
    /// - Parameters:
    ///   - chunkBytes: the range of chunk sizes (tests use tiny ones).
    ///   - batchRecords: records per batch when one parser reads on alone.
    /// - Throws: `IngestError.cannotRead` when reading fails part-way; what
    ///   came before is in `sink`.
    static func read(
        _ input: inout DelimitedFile, with parser: RatingsRowParser, into sink: inout IngestSink, threads: Int,
        chunkBytes: ClosedRange<Int> = ChunkPipeline.pieceBytes, batchRecords: Int = ChunkPipeline.batchRecords
    ) throws(IngestError) {
        let path = input.file.path
        let (delimiter, fieldCount) = (input.delimiter, input.fieldCount)
        let fileSize = FileChunks.regularFileSize(path)
        let chunks =
            threads > 1 && !input.firstLineIsData && (fileSize ?? 0) > 0
            ? try FileChunks.split(path, count: threads * 8, sizes: chunkBytes) : [0..<Int.max]
        var lineBase = 0
        var next = 0
        if chunks.count > 1 {
            let pipeline = ChunkPipeline(chunks: chunks, threads: threads, window: 2 * threads) {
                var parser = parser
                return { range, batch in
                    parser.fill(&batch, path: path, delimiter: delimiter, fieldCount: fieldCount, range: range)
                }
            }
            defer { pipeline.stop() }
            guard let alone = try pipeline.addInOrder(to: &sink, lineBase: &lineBase, of: fileSize ?? 0) else {
                return
            }
            next = alone
        }
        guard next < chunks.count else { return }
        let start = chunks[next].lowerBound
        let readOn = ReadOn(lineBase: lineBase, start: start, fileSize: fileSize, batchRecords: batchRecords)
        if start == 0 {
            // From the start, on the rows that read the first line: a pipe can be read only once.
            try readOn.read(&input.rows, with: parser, into: &sink)
        } else {
            var rows = try CSVRows(path: path, delimiter: delimiter, fieldCount: fieldCount, range: start..<Int.max)
            try readOn.read(&rows, with: parser, into: &sink)
        }
    }

    /// One parser reading on to the end of the file, a batch at a time.
    private struct ReadOn {
        /// Lines before `start`, added to the lines of its rejects.
        let lineBase: Int
        /// The file offset it starts at.
        let start: Int
        let fileSize: Int?
        let batchRecords: Int

        func read(_ rows: inout CSVRows, with parser: RatingsRowParser, into sink: inout IngestSink) throws(IngestError)
        {
            var parser = parser
            var indices = RatingsRowParser.Indices()
            var batch = RatingsBatch()
            var first = true
            while true {
                parser.fill(&batch, from: &rows, limit: batchRecords)
                sink.take(batch, indices: &indices, lineBase: lineBase)
                if let error = batch.error { throw error }
                if batch.isFinished || sink.isStopped { return }
                if first, let fileSize {
                    sink.reserve(after: batch, in: rows.position - start, of: fileSize - start)
                    first = false
                }
            }
        }
    }
}

extension RatingsRowParser {
    /// Reads records from `rows` into `batch` (emptied first) until their end
    /// or `limit` records; a read failure ends the batch and is kept in its `error`.
    mutating func fill(_ batch: inout RatingsBatch, from rows: inout CSVRows, limit: Int = .max) {
        batch.clear()
        do throws(IngestError) {
            batch.isFinished = try parse(&rows, into: &batch, limit: limit)
        } catch {
            batch.error = error
        }
        batch.linesRead = rows.line - 1
        batch.mustReadOnAlone = rows.sawQuotedField
        // On the parser's thread, over values still in cache: the sink only merges.
        if format.detectsScale { batch.values.add(contentsOf: batch.ratingValues) }
    }

    /// Reads the bytes `range` of the file at `path` (its header line skipped
    /// when the range starts the file) into `batch`, emptied first. A failure
    /// to open or read is kept in the batch's `error`.
    mutating func fill(
        _ batch: inout RatingsBatch, path: String, delimiter: UInt8, fieldCount: Int, range: Range<Int>
    ) {
        do throws(IngestError) {
            var rows = try CSVRows(path: path, delimiter: delimiter, fieldCount: fieldCount, range: range)
            fill(&batch, from: &rows)
        } catch {
            batch.clear()
            batch.error = error
        }
    }
}
