/// One part of a training split across machines (`bookrec train --part I/N`):
/// part `index` of `count` computes the neighbour pairs whose lower book lies
/// in its block of the books (`TrainingPartLayout`), and `BookModelPart.join` puts
/// the parts back together into the model a single train writes.
package struct TrainingPart: Sendable, Equatable {
    /// This part, `0..<count`.
    var index: Int
    /// How many parts the training is split into.
    var count: Int

    /// Parses `I/N` as `--shard` does.
    /// - Returns: nil unless `0 ≤ I < N` and `N ≥ 1`.
    package init?(parsing text: String) {
        guard let shard = Shard(parsing: text) else { return nil }
        self.init(index: shard.index, count: shard.count)
    }

    /// Part `index` of `count`, which must be `0 ≤ index < count`.
    init(index: Int, count: Int) {
        precondition((0..<count).contains(index), "TrainingPart \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// `I/N`, as the command line gives it.
    var name: String { "\(index)/\(count)" }
}
