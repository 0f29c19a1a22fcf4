/// `recommendations.csv`: `user,rank,item,score`, one row per pick, users in
/// the order given and picks in the order given, fields quoted by `CSVField`.
enum RecommendationsCSV {
    /// The first line.
    static let header = CSVField.line(["user", "rank", "item", "score"])

    /// The whole file, header included.
    static func text(users: [UserPicks]) -> String {
        users.reduce(header) { $0 + rows(for: $1) }
    }

    /// `user`'s rows: one per pick, none without picks.
    static func rows(for user: UserPicks) -> String {
        let out = TextBuffer()
        write(user, to: out)
        return out.string
    }

    /// Writes `user`'s rows into `out`.
    static func write(_ user: UserPicks, to out: TextBuffer) {
        let id = CSVField.escape(user.user)
        for pick in user.picks {
            out.append(id)
            out.append(",")
            out.append(integer: pick.rank)
            out.append(",")
            out.append(CSVField.escape(pick.item))
            out.append(",")
            out.append(decimal: pick.score, places: 4)
            out.append("\n")
        }
    }
}
