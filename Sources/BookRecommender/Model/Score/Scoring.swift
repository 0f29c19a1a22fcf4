/// How a user's ratings and the book similarities become a pick's score.
public enum Scoring: String, Sendable, CaseIterable {
    /// `Σ sim(i, j) · r_i` over the user's rated books `i` that have `j` as a
    /// neighbour: favours books close to many of the user's books. The score
    /// grows with the number of such books, so it is not on the 0–5 scale.
    case weightedSum = "sum"
    /// `Σ sim(i, j) · r_i / Σ |sim(i, j)|`: a predicted rating on the 0–5 scale.
    case weightedAverage = "average"
}

extension Similarity {
    /// What a reader's value (stars, or an interaction's weight) counts in a
    /// pick's score: itself, or under EASE the strength it was fitted on.
    @inline(__always)
    func scoringStrength(_ value: Float) -> Float {
        self == .ease ? LocalEASE.strength(value) : value
    }
}
