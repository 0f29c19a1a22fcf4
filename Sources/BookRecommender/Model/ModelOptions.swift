/// Settings of the item-item filter.
public struct ModelOptions: Sendable, Equatable {
    /// Picks per user (`--top`).
    public var top: Int = 10
    /// Neighbours kept per book (Create ML's `maxCount`).
    public var neighbors: Int = 64
    /// Users with fewer ratings than this get the popularity list.
    public var minRatings: Int = 3
    /// Worker threads for the CPU stages.
    public var threads: Int = 1
    /// Reasons kept per pick.
    public var reasons: Int = 3
    /// How book similarity is measured.
    public var similarity: Similarity = .cosine
    /// Similarities below this are dropped before neighbours are chosen (`--threshold`).
    public var threshold: Float = 0.001
    /// Shrinkage λ: a similarity backed by `n` co-raters becomes `sim · n / (n + λ)`; 0 turns it off.
    public var shrinkage: Float = 0
    /// How similarities and ratings combine into a pick's score.
    public var scoring: Scoring = .weightedSum
    /// Damping `m` of the popularity list's mean: `(Σr + m·C) / (n + m)` with global mean `C`.
    public var popularityDamping: Float = 10
    /// Books never recommended to anyone (item indices).
    public var exclude: ItemSet? = nil
    /// When set, the only books that may be recommended (item indices), e.g. a library's holdings.
    public var only: ItemSet? = nil

    public init() {}

    /// Whether the run may recommend `item` to anyone.
    @inline(__always)
    func allows(_ item: Int32) -> Bool {
        if let exclude, exclude.contains(item) { return false }
        if let only, !only.contains(item) { return false }
        return true
    }
}
