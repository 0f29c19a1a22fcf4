import Dispatch

/// A contiguous run of indices handed to one worker.
struct WorkBlock: Sendable {
    /// The block's position in the list of all blocks.
    var index: Int
    var range: Range<Int>
}

/// Splits `0..<count` into blocks and spreads them over workers.
enum Parallel {
    /// Calls `body` once per worker with the worker's index (below `threads`)
    /// and its blocks: worker `w` of `T` gets blocks `w`, `w + T`, `w + 2T`, …
    /// so heavy and light regions mix.
    ///
    /// Each worker sets up its own scratch buffers inside `body`; results must
    /// depend only on the block, never on the worker, so any thread count
    /// gives the same output.
    static func forEachWorker(
        count: Int, blockSize: Int, threads: Int, _ body: @Sendable (_ worker: Int, _ blocks: [WorkBlock]) -> Void
    ) {
        let size = max(1, blockSize)
        let blocks = stride(from: 0, to: count, by: size).enumerated().map { index, start in
            WorkBlock(index: index, range: start..<min(start + size, count))
        }
        let workers = max(1, min(threads, blocks.count))
        if workers == 1 {
            body(0, blocks)
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            body(worker, stride(from: worker, to: blocks.count, by: workers).map { blocks[$0] })
        }
    }
}
