import Foundation

/// Lets a signal cancel a task that may not have been created yet.
final class TaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var cancelTask: (@Sendable () -> Void)?

    func hold(_ cancel: @escaping @Sendable () -> Void) {
        lock.lock()
        cancelTask = cancel
        let now = cancelled
        lock.unlock()
        if now { cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let cancel = cancelTask
        lock.unlock()
        cancel?()
    }
}
