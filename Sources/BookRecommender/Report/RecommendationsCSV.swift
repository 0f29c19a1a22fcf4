/// `recommendations.csv`: `user,rank,item,score`, one row per pick, users in
/// the order given and picks in the order given, fields quoted by `CSVField`.
public enum RecommendationsCSV {
    /// The whole file, header included.
    public static func text(users: [UserPicks]) -> String {
        var csv = CSVField.line(["user", "rank", "item", "score"])
        for user in users {
            for pick in user.picks {
                let score = DecimalText.string(pick.score, places: 4) ?? ""
                csv += CSVField.line([user.user, String(pick.rank), pick.item, score])
            }
        }
        return csv
    }
}
