/// The shrinkage factors `n / (n + shrinkage)` of the small co-rater counts
/// most pairs have, computed once: the sparse kernel scores every pair it
/// touches, and a division per pair cost more than the rest of the scoring.
/// Each entry is the quotient `NeighborFinder.similarity` takes, so a pair
/// scored either way gets the same bits.
struct ShrinkFactors: ~Copyable {
    private let factors: ScratchArray<Float>
    private let shrinkage: Float
    /// Counts below this come from the table.
    private static let tabled = 256

    init(shrinkage: Float) {
        self.shrinkage = shrinkage
        factors = ScratchArray(count: Self.tabled, filledWith: 0)
        for count in 0..<Self.tabled {
            let n = Float(count)
            factors[count] = n / (n + shrinkage)
        }
    }

    /// `n / (n + shrinkage)` for `n = common`.
    @inline(__always)
    func factor(common: Int32) -> Float {
        if Int(common) < Self.tabled { return factors[Int(common)] }
        let n = Float(common)
        return n / (n + shrinkage)
    }
}
