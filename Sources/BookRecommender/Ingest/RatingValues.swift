/// What the non-zero ratings of one file look like, for `RatingScale.detected(from:)`.
struct RatingValues: Sendable, Equatable {
    private(set) var count = 0
    private(set) var largest: Float = 0
    private(set) var smallest: Float = .infinity
    /// Ratings above 5, 10 and 100: what speaks for a larger scale.
    private(set) var aboveFive = 0
    private(set) var aboveTen = 0
    private(set) var aboveHundred = 0

    init() {}

    /// Adds one rating (positive, finite, at most `RatingScale.detectionLimit`).
    @inline(__always)
    mutating func add(_ value: Float) {
        count += 1
        largest = max(largest, value)
        smallest = min(smallest, value)
        aboveFive += value > 5 ? 1 : 0
        aboveTen += value > 10 ? 1 : 0
    }

    /// Adds every rating of `values` (each in (0, `RatingScale.detectionLimit`]).
    ///
    /// Written so the compiler vectorises it (selects, no calls): it runs on
    /// every parsed chunk of a generic file, which must not get slower to read.
    mutating func add(contentsOf values: [Float]) {
        var low = smallest
        var high = largest
        var overFive: Int32 = 0
        var overTen: Int32 = 0
        values.withUnsafeBufferPointer { buffer in
            for value in buffer {
                high = value > high ? value : high
                low = value < low ? value : low
                overFive &+= value > 5 ? 1 : 0
                overTen &+= value > 10 ? 1 : 0
            }
        }
        count += values.count
        largest = high
        smallest = low
        aboveFive += Int(overFive)
        aboveTen += Int(overTen)
    }

    /// Counts a rating above `RatingScale.detectionLimit` (rejected as it was read).
    mutating func addBeyondLimit() {
        count += 1
        aboveFive += 1
        aboveTen += 1
        aboveHundred += 1
    }

    /// Adds what `other` saw.
    mutating func merge(_ other: RatingValues) {
        count += other.count
        largest = max(largest, other.largest)
        smallest = min(smallest, other.smallest)
        aboveFive += other.aboveFive
        aboveTen += other.aboveTen
        aboveHundred += other.aboveHundred
    }
}
