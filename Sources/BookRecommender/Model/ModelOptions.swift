import Foundation

/// Settings of the item-item filter.
public struct ModelOptions: Sendable, Equatable {
    /// Picks per user (`--top`).
    public var top: Int = 10
    /// Neighbours kept per book (Create ML's `maxCount`): as given, else the
    /// count `Similarity.auto` chose for the data (`AutoFilter`), else 64.
    public var neighbors: Int {
        get { givenNeighbors ?? 64 }
        set { givenNeighbors = newValue }
    }
    /// `neighbors` when given (or chosen by `AutoFilter`); nil leaves it to `auto`.
    private(set) var givenNeighbors: Int?
    /// Users with fewer ratings than this get the popularity list.
    public var minRatings: Int = 3
    /// Worker threads for the CPU stages: by default the active cores, as on the command line.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Reasons kept per pick.
    public var reasons: Int = 3
    /// How book similarity is measured. `auto` by default: local EASE where
    /// readers have many books each and it stays affordable, BM25 item-item
    /// elsewhere (see `AutoFilter`), each chosen with `bookrec evaluate` on
    /// training data only (`docs/interactions.md`, `bench/ACCURACY.md`).
    public var similarity: Similarity = .auto
    /// Similarities below this are dropped before neighbours are chosen (`--threshold`).
    public var threshold: Float = 0.001
    /// Shrinkage λ: a similarity backed by `n` co-raters becomes `sim · n / (n + λ)`; 0 turns it off.
    /// 20 by default: on the same training-only validation splits, λ from 5 to 40 raised BM25's
    /// precision@10 and NDCG@10 by 5–30% over λ = 0 (pairs seen together by one or two readers
    /// otherwise crowd out better-supported neighbours); 10–20 was best.
    /// `AutoFilter` may choose another where it is not given.
    public var shrinkage: Float {
        get { givenShrinkage ?? 20 }
        set { givenShrinkage = newValue }
    }
    /// `shrinkage` when given (or chosen by `AutoFilter`); nil leaves it to `auto`.
    private(set) var givenShrinkage: Float?
    /// How similarities and ratings combine into a pick's score.
    public var scoring: Scoring = .weightedSum
    /// How strongly books read, borrowed or shelved without stars count (`--weights`).
    public var weights = InteractionWeights()
    /// Damping `m` of the popularity list's mean: `(Σr + m·C) / (n + m)` with global mean `C`.
    public var popularityDamping: Float = 10
    /// Weight `w` of the popularity prior in a pick's score (`PopularityPrior`): 0 (the
    /// default) ranks the filter's picks alone and fills short lists from popularity;
    /// above 0 every book competes with `(1 − w) · score / best score + w · prior`.
    /// As given, else what `Similarity.auto` chose for the data (`AutoFilter`).
    public var popularityWeight: Float {
        get { givenPopularityWeight ?? 0 }
        set { givenPopularityWeight = newValue }
    }
    /// `popularityWeight` when given (or chosen by `AutoFilter`); nil leaves it to `auto`.
    private(set) var givenPopularityWeight: Float?
    /// Books never recommended to anyone (item indices).
    var exclude: ItemSet? = nil
    /// When set, the only books that may be recommended (item indices), e.g. a library's holdings.
    var only: ItemSet? = nil

    /// The defaults `bookrec recommend` uses.
    public init() {}

    /// The options with counts made usable: at least one thread, no negative top or reasons.
    var clamped: ModelOptions {
        var options = self
        options.threads = max(1, threads)
        options.top = max(0, top)
        options.reasons = max(0, reasons)
        return options
    }

    /// Whether the run may recommend `item` to anyone.
    @inline(__always)
    func allows(_ item: Int32) -> Bool {
        if let exclude, exclude.contains(item) { return false }
        if let only, !only.contains(item) { return false }
        return true
    }
}
