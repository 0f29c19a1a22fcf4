import Dispatch
import Foundation

/// Parses the chunks of one file on several threads while the caller adds
/// their batches to the sink in file order.
///
/// Each thread has its own `RatingsRowParser` and takes the next chunk whenever
/// it is free, so a thread slowed by other work takes fewer; each thread sees
/// its chunks in ascending order, which `IngestSink.take` relies on. At most
/// `window` chunks past the last one taken back are parsed ahead, so memory
/// stays bounded whatever the file holds.
final class ChunkPipeline: @unchecked Sendable {
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

    /// Starts `threads` threads parsing `chunks` of the file at `path`, each
    /// with its own copy of `parser`.
    init(
        path: String, delimiter: UInt8, chunks: [Range<Int>], parser: RatingsRowParser, threads: Int, window: Int
    ) {
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
                var parser = parser
                while let index = self.handOut() {
                    var batch = self.spare(for: worker)
                    parser.parse(path, delimiter: delimiter, range: chunks[index], into: &batch)
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
