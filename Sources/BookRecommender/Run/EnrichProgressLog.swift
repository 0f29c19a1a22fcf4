import Foundation

/// Progress of the enrich step: a line redrawn in place when the log's sink is
/// a terminal, else a log line every tenth of the books.
final class EnrichProgressLog: @unchecked Sendable {
    private let log: Log
    private let terminal: Bool
    private let lock = NSLock()
    private var lastTenth = 0
    private var drew = false

    init(log: Log) {
        self.log = log
        // A bar redrawn with `\r` is for people; JSON logs and files get lines.
        terminal = log.sink.isTerminal && log.format == .text
    }

    func update(_ progress: EnrichProgress) {
        lock.lock()
        defer { lock.unlock() }
        guard !log.quiet, progress.total > 0 else { return }
        if terminal {
            log.sink.write("\renrich \(progress.done)/\(progress.total)")
            drew = true
        } else {
            let tenth = progress.done * 10 / progress.total
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            log.info("enrich", "progress", ["done": String(progress.done), "total": String(progress.total)])
        }
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drew { log.sink.write("\n") }
    }
}
