/// A set of item indices (of `RatingData.itemKeys`) stored as a bitmap: the
/// books a run may not recommend, or the only ones it may (a library's holdings).
struct ItemSet: Sendable, Equatable {
    /// Bit `i % 64` of word `i / 64` is set when item `i` is in the set.
    private(set) var words: [UInt64] = []
    /// The number of items in the set.
    private(set) var count = 0

    /// An empty set.
    init() {}

    /// The set whose bitmap is `words` (as `words` gives it).
    init(words: [UInt64]) {
        self.words = words
        count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// The set of `items`; negative indices are not items and are ignored.
    init<S: Sequence>(_ items: S) where S.Element == Int32 {
        for item in items { insert(item) }
    }

    /// Adds `item`; a negative index is ignored.
    mutating func insert(_ item: Int32) {
        guard item >= 0 else { return }
        let word = Int(item) >> 6
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: word + 1 - words.count))
        }
        let bit = UInt64(1) << UInt64(item & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    /// Whether `item` is in the set.
    @inline(__always)
    func contains(_ item: Int32) -> Bool {
        let word = Int(item) >> 6
        guard item >= 0, word < words.count else { return false }
        return words[word] & (UInt64(1) << UInt64(item & 63)) != 0
    }
}
