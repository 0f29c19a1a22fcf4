/// Top-N lists for a chosen set of users (all of them, or one shard's), on
/// the model's worker threads, stopping between blocks once the run's task
/// was cancelled.
enum UserScoring {
    /// `result[i]` is the list of the run's reader `users[i]`; the same for any thread count.
    /// - Throws: `CancellationError` when the run's task was cancelled meanwhile.
    static func recommend(
        _ model: PreparedModel, users: [Int], cancellation: CancellationFlag
    ) throws -> [[Recommendation]] {
        let result = model.tables.recommend(users: users, of: model.readers, options: model.options) {
            cancellation.isCancelled
        }
        if cancellation.isCancelled { throw CancellationError() }
        return result
    }
}
