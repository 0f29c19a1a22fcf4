/// A pick's strength as a reader can read it: on a scale of five, relative
/// to the reader's own strongest pick of the filter, with words.
///
/// The filter's score is a sum over the reader's books (see
/// `Recommendation.score`), which grows with how many books they rated, so
/// its number means nothing to a reader and cannot be compared between
/// readers; its ratio to the reader's best pick can. The score itself stays
/// in `users/<id>.json`. Popular (fallback) picks have no strength: they
/// are "popular in the club", with the club's mean rating.
enum PickStrength {
    /// The words for levels 1 to 5.
    static let words = ["", "a long shot", "a fair match", "a good match", "a strong match", "a very strong match"]

    /// The reader's strongest filter pick among `picks` (the first of
    /// equals); nil when every pick is a fallback one.
    static func best(in picks: [ReportPick]) -> (score: Double, rank: Int)? {
        var best: (score: Double, rank: Int)?
        for pick in picks where !pick.fallback && pick.score.isFinite && pick.score > (best?.score ?? 0) {
            best = (pick.score, pick.rank)
        }
        return best
    }

    /// 1 to 5: 5 from 80 % of `best` up, 4 from 60 %, 3 from 40 %, 2 from
    /// 20 %, else 1; nil for a score or best that is not positive and finite.
    static func level(of score: Double, best: Double) -> Int? {
        guard score.isFinite, best.isFinite, score > 0, best > 0 else { return nil }
        return min(5, 1 + Int(min(score / best, 1) * 5))
    }

    /// "your strongest match" for the `best` pick, else the level's words
    /// ("a strong match"); nil without a level.
    static func phrase(of pick: ReportPick, best: (score: Double, rank: Int)?) -> String? {
        guard !pick.fallback, let best, let level = level(of: pick.score, best: best.score) else { return nil }
        return pick.rank == best.rank ? "your strongest match" : words[level]
    }

    /// `level` of 5 as dots: "●●●●○".
    static func dots(_ level: Int) -> String {
        String(repeating: "●", count: level) + String(repeating: "○", count: 5 - level)
    }
}
