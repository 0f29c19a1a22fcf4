import Foundation

/// Files that blocks of readers append to in block order, whichever worker
/// finishes its block first: `recommendations.csv` and `.jsonl` come out
/// byte for byte the same for any number of workers.
///
/// A finished block waits in memory only until the blocks before it are in;
/// a worker more than `window` blocks ahead waits (`waitForTurn`) instead of
/// piling finished blocks up, so memory stays bounded whatever the timing.
final class OrderedOutput: @unchecked Sendable {
    private let paths: [String]
    private let descriptors: [Int32]
    private let window: Int
    private let condition = NSCondition()
    private var next = 0
    private var pending: [Int: [TextBuffer]] = [:]
    private var failure: ReportError?
    private var abandoned = false

    /// Creates the files at `paths` (see `PlainFile.create`), each starting with its `headers` entry.
    /// - Throws: `ReportError.cannotWrite` naming the first file that cannot be created.
    init(paths: [String], headers: [String], window: Int) throws(ReportError) {
        var descriptors: [Int32] = []
        do {
            for path in paths { descriptors.append(try PlainFile.create(path)) }
        } catch {
            for descriptor in descriptors { close(descriptor) }
            throw error
        }
        self.paths = paths
        self.descriptors = descriptors
        self.window = max(1, window)
        for (index, header) in headers.enumerated() where !header.isEmpty {
            let text = TextBuffer()
            text.append(header)
            write(text, file: index)
        }
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// Waits while `block` is `window` or more blocks ahead of the next block due.
    func waitForTurn(_ block: Int) {
        condition.lock()
        while block >= next + window && !abandoned { condition.wait() }
        condition.unlock()
    }

    /// Hands over `block`'s text for each file (in the order of `paths`);
    /// it is written once every earlier block has been.
    func submit(_ block: Int, _ texts: [TextBuffer]) {
        condition.lock()
        defer { condition.unlock() }
        pending[block] = texts
        while let due = pending.removeValue(forKey: next) {
            for (index, text) in due.enumerated() { write(text, file: index) }
            next += 1
        }
        condition.broadcast()
    }

    /// Lets waiting workers go on at once: a worker failed or stopped, so
    /// the blocks they wait for may never come.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    /// Checks that every one of `blocks` blocks was written (the files close when this object goes).
    /// - Throws: `ReportError.cannotWrite` when a write failed, or a block before `blocks` never came.
    func finish(blocks: Int) throws(ReportError) {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        guard next == blocks else {
            throw .cannotWrite(path: paths.first ?? "", reason: "block \(next) of \(blocks) was never written")
        }
    }

    /// Writes `text` to file `index` unless a write failed already. Call it holding the lock (or from `init`).
    private func write(_ text: TextBuffer, file index: Int) {
        guard failure == nil else { return }
        do {
            try text.withBytes { bytes throws(ReportError) in
                try PlainFile.append(bytes, to: descriptors[index], path: paths[index])
            }
        } catch {
            failure = error
        }
    }
}
