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

    public init() {}
}
