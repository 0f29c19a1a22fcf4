import Dispatch

extension RatingsCSVReader {
    /// Records per batch when one parser reads on to the end of a file: bounds
    /// what a batch holds, however many records are rejected.
    static let batchRecords = 1 << 16
    /// The size of the chunks parsed at once (bytes): small enough that a
    /// chunk's batch stays small, large enough to pay for itself.
    static let chunkBytes = (512 << 10)...(2 << 20)

    /// Reads every record of `file` into `sink` with the same result as
    /// `read(_:into:)`, but from the field bytes (see `RatingsRowParser`). With
    /// `threads` above 1 the file is cut into chunks at line feeds that are
    /// parsed `threads` at a time, then added to `sink` in file order, so the
    /// result does not depend on `threads`. From the first chunk holding a quoted
    /// field (whose line breaks may not end records), one parser reads on alone.
    /// - Throws: as `read(_:into:)`.
    func read(_ file: InputFile, into sink: inout IngestSink, threads: Int) throws(IngestError) {
        let input = try DelimitedFile(file)
        let parser = RatingsRowParser(layout: try layout(of: input))
        let delimiter = input.delimiter
        let chunks =
            threads > 1
            ? try FileChunks.split(file.path, count: threads * 8, sizes: Self.chunkBytes) : [0..<Int.max]
        var lineBase = 0
        var next = 0
        if chunks.count > 1 {
            var workers = [RatingsRowParser](repeating: parser, count: threads)
            rounds: while next < chunks.count {
                let round = chunks[next..<min(next + threads, chunks.count)]
                for (slot, batch) in Self.parse(file.path, delimiter, round, with: &workers).enumerated() {
                    guard !batch.sawQuotedField else { break rounds }
                    sink.take(batch, from: &workers[slot], lineBase: lineBase)
                    if let error = batch.error { throw error }
                    if sink.isStopped { return }
                    lineBase += batch.linesRead
                    next += 1
                }
            }
        }
        guard next < chunks.count else { return }
        var rest = parser
        var tokenizer = try CSVTokenizer(
            path: file.path, delimiter: delimiter, range: chunks[next].lowerBound..<Int.max)
        if next == 0 { _ = try tokenizer.next() }
        while true {
            let batch = rest.parse(&tokenizer, limit: Self.batchRecords)
            sink.take(batch, from: &rest, lineBase: lineBase)
            if let error = batch.error { throw error }
            if batch.isFinished || sink.isStopped { return }
        }
    }

    /// Parses each of `chunks` with its own worker, all at the same time.
    private static func parse(
        _ path: String, _ delimiter: UInt8, _ chunks: ArraySlice<Range<Int>>, with workers: inout [RatingsRowParser]
    ) -> [RatingsBatch] {
        var batches = [RatingsBatch](repeating: RatingsBatch(), count: chunks.count)
        workers.withUnsafeMutableBufferPointer { workers in
            batches.withUnsafeMutableBufferPointer { batches in
                let slots = ParseSlots(workers: workers, batches: batches)
                DispatchQueue.concurrentPerform(iterations: chunks.count) { slot in
                    slots.parse(path, delimiter, chunks[chunks.startIndex + slot], slot: slot)
                }
            }
        }
        return batches
    }
}

/// The workers and batch slots of one round of chunks, for the threads that
/// parse them. Sound only while both buffers outlive the round and each slot
/// is touched by one thread.
private struct ParseSlots: @unchecked Sendable {
    let workers: UnsafeMutableBufferPointer<RatingsRowParser>
    let batches: UnsafeMutableBufferPointer<RatingsBatch>

    func parse(_ path: String, _ delimiter: UInt8, _ range: Range<Int>, slot: Int) {
        batches[slot] = workers[slot].parse(path, delimiter: delimiter, range: range)
    }
}
