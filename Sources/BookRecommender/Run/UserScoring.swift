/// Top-N lists for a chosen set of users (all of them, or one shard's), on
/// the model's worker threads, stopping between blocks once a signal came.
enum UserScoring {
    /// `result[i]` is the list of the run's reader `users[i]`; the same for any thread count.
    /// - Throws: `Interrupted` when SIGINT or SIGTERM came meanwhile.
    static func recommend(_ model: PreparedModel, users: [Int]) throws(Interrupted) -> [[Recommendation]] {
        let result = model.tables.recommend(users: users, of: model.readers, options: model.options) {
            Interruption.shared.signal != nil
        }
        try Interruption.shared.check()
        return result
    }
}
