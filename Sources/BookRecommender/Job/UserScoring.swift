/// Top-N lists for a chosen set of users (all of them, or one shard's), on
/// the model's worker threads, stopping between blocks once a signal came.
enum UserScoring {
    /// `result[i]` is the list of `users[i]`; the same for any thread count.
    /// - Throws: `Interrupted` when SIGINT or SIGTERM came meanwhile.
    static func recommend(_ model: FittedModel, users: [Int]) throws(Interrupted) -> [[Recommendation]] {
        var result = [[Recommendation]](repeating: [], count: users.count)
        result.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: users.count, blockSize: 256, threads: model.options.threads) { _, work in
                var scorer = UserScorer(model: model)
                for block in work {
                    guard Interruption.shared.signal == nil else { return }
                    for position in block.range { out[position] = scorer.recommend(user: users[position]) }
                }
            }
        }
        try Interruption.shared.check()
        return result
    }
}
