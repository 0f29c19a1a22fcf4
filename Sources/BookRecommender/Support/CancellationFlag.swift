import Foundation

/// The cancellation of a task, readable from the worker threads of a CPU
/// stage: they run outside any task, where `Task.isCancelled` is always false.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// True once the task that made the flag (see `watching`) was cancelled.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    private func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Runs `body` with a flag that the current task's cancellation sets (at
    /// once when the task is cancelled already).
    static func watching<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (CancellationFlag) async throws -> T
    ) async rethrows -> T {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await body(flag)
        } onCancel: {
            flag.cancel()
        }
    }
}
