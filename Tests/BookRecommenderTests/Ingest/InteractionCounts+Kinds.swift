@testable import BookRecommender

extension InteractionCounts {
    /// The counts `kinds` gives, every other kind zero: `[.read: 9, .toRead: 31]`.
    init(_ kinds: [InteractionKind: Int]) {
        self.init()
        for (kind, count) in kinds { self[kind] = count }
    }
}
