import Dispatch
import Foundation

/// A contiguous run of indices handed to one worker.
struct WorkBlock: Sendable {
    /// The block's position in the list of all blocks.
    var index: Int
    var range: Range<Int>
}

/// Splits `0..<count` into blocks and spreads them over workers.
enum Parallel {
    /// Calls `body` once per worker with the worker's index (below `threads`)
    /// and its blocks. Workers take the next untaken block whenever they are
    /// free, so a worker slowed by heavy blocks (or by other processes) takes
    /// fewer; each worker sees its blocks in ascending order.
    ///
    /// Each worker sets up its own scratch buffers inside `body`; results must
    /// depend only on the block, never on the worker, so any thread count
    /// gives the same output.
    static func forEachWorker(
        count: Int, blockSize: Int, threads: Int, _ body: @Sendable (_ worker: Int, _ blocks: WorkBlocks) -> Void
    ) {
        let queue = WorkQueue(count: count, blockSize: blockSize)
        let workers = max(1, min(threads, queue.blockCount))
        if workers == 1 {
            body(0, WorkBlocks(queue: queue))
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            body(worker, WorkBlocks(queue: queue))
        }
    }
}

/// The blocks one worker takes from the shared queue, one at a time.
struct WorkBlocks: Sequence, IteratorProtocol {
    fileprivate let queue: WorkQueue

    /// The next untaken block, or nil when all are taken.
    mutating func next() -> WorkBlock? {
        queue.take()
    }
}

/// The blocks of `0..<count`, handed out in order under a lock.
private final class WorkQueue: @unchecked Sendable {
    let count: Int
    let blockSize: Int
    let blockCount: Int
    private let lock = NSLock()
    private var taken = 0

    init(count: Int, blockSize: Int) {
        self.count = max(0, count)
        self.blockSize = max(1, blockSize)
        blockCount = (self.count + self.blockSize - 1) / self.blockSize
    }

    func take() -> WorkBlock? {
        lock.lock()
        let index = taken
        if index < blockCount { taken += 1 }
        lock.unlock()
        guard index < blockCount else { return nil }
        let start = index * blockSize
        return WorkBlock(index: index, range: start..<min(start + blockSize, count))
    }
}
