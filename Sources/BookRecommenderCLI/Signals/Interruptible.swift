import BookRecommender

/// Runs a command's work in a task that SIGINT and SIGTERM cancel.
enum Interruptible {
    /// Runs `body` in a task that a signal cancels (see `Interruption`).
    /// - Throws: what `body` throws, or `Interrupted` when a signal stopped it
    ///   (the `CancellationError` of the cancelled run among them).
    static func run<T: Sendable>(
        log: Log, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let holder = TaskHolder()
        Interruption.shared.install(log: log) { holder.cancel() }
        let task = Task { try await body() }
        holder.hold { task.cancel() }
        do {
            return try await task.value
        } catch {
            if let signal = Interruption.shared.signal {
                Interruption.shared.settle()
                throw Interrupted(signal: signal)
            }
            throw error
        }
    }
}
