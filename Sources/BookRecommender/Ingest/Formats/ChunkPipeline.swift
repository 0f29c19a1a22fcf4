import Dispatch
import Foundation

/// Parses the chunks of one file on several threads while the caller adds
/// their batches to the sink in file order.
///
/// Each thread has its own parser (a `RatingsRowParser` for CSV, a
/// `RatingsXMLParser` for XML) and takes the next chunk whenever
/// it is free, so a thread slowed by other work takes fewer; each thread sees
/// its chunks in ascending order, which `IngestSink.take` relies on. At most
/// `window` chunks past the last one taken back are parsed ahead, so memory
/// stays bounded whatever the file holds.
final class ChunkPipeline: @unchecked Sendable {
    /// The size of the pieces a file is cut into for parsing on several
    /// threads (bytes): small enough that a piece's batch stays small, large
    /// enough to pay for itself. The CSV and ratings XML readers share it.
    static let pieceBytes = (256 << 10)...(1 << 20)
    /// Records per batch when one parser reads on to the end of a file:
    /// bounds what a batch holds, however many records are rejected.
    static let batchRecords = 1 << 16

    /// A parsed chunk and the thread (parser) that read it.
    struct Parsed {
        var batch: RatingsBatch
        var worker: Int
    }

    let chunks: [Range<Int>]
    private let window: Int
    private let condition = NSCondition()
    private let group = DispatchGroup()
    // Guarded by `condition`:
    private var handedOut = 0
    private var takenBack = 0
    private var stopped = false
    private var parsed: [Parsed?]
    /// Per thread: a batch already added to the sink, whose storage it reuses.
    private var spares: [RatingsBatch?]

    /// Reads the byte range of one chunk into a batch (emptied first). Each
    /// thread makes its own and keeps it for all the chunks it parses.
    typealias Parse = (Range<Int>, inout RatingsBatch) -> Void

    /// Starts `threads` threads parsing `chunks`, each with the parse
    /// function `makeParser` makes on that thread.
    init(chunks: [Range<Int>], threads: Int, window: Int, makeParser: @escaping @Sendable () -> Parse) {
        self.chunks = chunks
        self.window = max(window, threads)
        parsed = Array(repeating: nil, count: chunks.count)
        spares = Array(repeating: nil, count: threads)
        // Threads of their own rather than Dispatch's pool: the caller blocks
        // on a condition while they work, which the pool cannot see, so it
        // would run fewer parsers than there are cores.
        for worker in 0..<threads {
            group.enter()
            let thread = Thread {
                let parse = makeParser()
                while let index = self.handOut() {
                    var batch = self.spare(for: worker)
                    parse(chunks[index], &batch)
                    self.deliver(Parsed(batch: batch, worker: worker), for: index)
                }
                self.group.leave()
            }
            thread.start()
        }
    }

    /// The batch of chunk `index`, waiting until it is parsed. Chunks must be
    /// taken back in order, each once.
    func takeBack(_ index: Int) -> Parsed {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = parsed[index] {
                parsed[index] = nil
                takenBack = index + 1
                condition.broadcast()
                return result
            }
            condition.wait()
        }
    }

    /// Hands `batch` (added to the sink) back to its thread for reuse.
    func recycle(_ batch: consuming RatingsBatch, worker: Int) {
        condition.lock()
        spares[worker] = batch
        condition.unlock()
    }

    /// Stops handing out chunks and waits for the threads to finish the ones
    /// they hold. Called once the caller needs no more batches.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        group.wait()
    }

    /// Adds the parsed chunks' batches to `sink` in file order, each with
    /// `lineBase` advanced by the lines of the chunks before it, up to the
    /// first chunk that must be read alone; after the first, makes room for
    /// the ratings still to come in the `size` bytes the chunks cover.
    /// - Returns: the index of the chunk that must be read alone
    ///   (`chunks.count` when none must), `lineBase` being that chunk's; nil
    ///   once the sink is stopped.
    /// - Throws: the read error a batch carries, once what came before it is added.
    func addInOrder(to sink: inout IngestSink, lineBase: inout Int, of size: Int) throws(IngestError) -> Int? {
        var indices = [RatingsRowParser.Indices](repeating: .init(), count: spares.count)
        for next in chunks.indices {
            let parsed = takeBack(next)
            if parsed.batch.mustReadOnAlone { return next }
            sink.take(parsed.batch, indices: &indices[parsed.worker], lineBase: lineBase)
            if let error = parsed.batch.error { throw error }
            if sink.isStopped { return nil }
            if next == 0 { sink.reserve(after: parsed.batch, in: chunks[0].count, of: size) }
            lineBase += parsed.batch.linesRead
            recycle(parsed.batch, worker: parsed.worker)
        }
        return chunks.count
    }

    private func handOut() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && handedOut < chunks.count && handedOut >= takenBack + window { condition.wait() }
        guard !stopped, handedOut < chunks.count else { return nil }
        handedOut += 1
        return handedOut - 1
    }

    private func spare(for worker: Int) -> RatingsBatch {
        condition.lock()
        defer { condition.unlock() }
        let batch = spares[worker] ?? RatingsBatch()
        spares[worker] = nil
        return batch
    }

    private func deliver(_ result: Parsed, for index: Int) {
        condition.lock()
        parsed[index] = result
        condition.broadcast()
        condition.unlock()
    }
}
