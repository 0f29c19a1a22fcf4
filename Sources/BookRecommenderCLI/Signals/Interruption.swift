import BookRecommender
import Dispatch
import Foundation

/// SIGINT and SIGTERM for a run: the first one cancels the run's task, the
/// run notices at its next checkpoint (between stages, between blocks of
/// users, between lookups) and throws, discarding its unfinished folder; the
/// command then ends with `Interrupted`.
///
/// A stage that cannot be stopped midway (parsing one big file, say) gets
/// `grace` seconds; after that, or at a second signal, the process removes
/// the unfinished folder itself and exits with 130 or 143. Nothing that
/// `latest` points at is touched either way: the switch of `latest` runs in a
/// critical section that the forced exit waits for.
///
/// The signals are ignored with `signal(_, SIG_IGN)` first, so that only the
/// dispatch sources see them. The run learns of none of this: it is given
/// this object as its `ForcedExitGuard`.
final class Interruption: ForcedExitGuard, @unchecked Sendable {
    /// The one instance; signals are process-wide.
    static let shared = Interruption()

    private let lock = NSLock()
    private let critical = NSRecursiveLock()
    private var sources: [DispatchSourceSignal] = []
    private var received: Int32?
    /// Set at the first signal, before `received`, which checkpoints read.
    private var signalled = false
    private var onSignal: (@Sendable () -> Void)?
    private var unfinished: URL?
    private var log = Log()
    private var grace = 3.0

    /// The signal received, if any.
    var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Starts watching SIGINT and SIGTERM; `onSignal` runs at the first one
    /// (the CLI cancels the run's task there).
    func install(log: Log, grace: Double = 3, onSignal: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        self.log = log
        self.grace = grace
        self.onSignal = onSignal
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// The folder to remove should the process have to exit without the run's help.
    func unfinished(_ folder: URL?) {
        lock.lock()
        defer { lock.unlock() }
        unfinished = folder
    }

    /// Runs `body` with forced exits held off: the commit of a run (rename,
    /// switch of `latest`) is never cut in half.
    func holdingOff<T>(_ body: () throws -> T) rethrows -> T {
        critical.lock()
        defer { critical.unlock() }
        return try body()
    }

    /// Waits while a forced exit is removing the unfinished folder (it then
    /// ends the process), so that the run's own exit cannot cut that short.
    func settle() {
        critical.lock()
        critical.unlock()
    }

    private func handle(_ number: Int32) {
        lock.lock()
        let first = !signalled
        signalled = true
        let callback = onSignal
        let wait = grace
        lock.unlock()
        guard first else { return abandon(number, reason: "second signal") }
        // Logged before `received` is set: once a checkpoint sees the signal the
        // process may exit, and the line must be out by then.
        log.warning("run", "signal", ["signal": number == SIGINT ? "SIGINT" : "SIGTERM", "action": "stopping"])
        lock.lock()
        received = number
        lock.unlock()
        callback?()
        DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [self] in
            abandon(number, reason: "still busy after \(wait) s")
        }
    }

    /// Removes the unfinished folder and exits at once.
    private func abandon(_ number: Int32, reason: String) {
        critical.lock()
        lock.lock()
        let folder = unfinished
        lock.unlock()
        if let folder { RunHistory.remove(unfinished: folder) }
        log.warning("run", "abandoned", ["reason": reason])
        let error = Interrupted(signal: number)
        let status = ExitStatus.of(error)
        ErrorOutput.report(error, status: status, log: log)
        _exit(status.rawValue)
    }
}
