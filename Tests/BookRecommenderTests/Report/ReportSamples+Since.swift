@testable import BookRecommender

extension ReportSamples {
    /// `enrichedClub` as a second digest sees it: ada has two new picks and
    /// read a book since, ben's list is unchanged, cy joined since.
    static var enrichedClubSinceLastDigest: [UserPicks] {
        let lastDigest = LastDigest(kind: .compared, previousRun: "20261129T021500.000Z")
        var club = enrichedClub
        for index in club.indices {
            var changes = ReaderChanges(lastDigest: lastDigest)
            switch club[index].user {
            case "ada":
                club[index].picks[1].new = true
                club[index].picks[2].new = true
                changes.read = [.init(item: "9780441478125", title: "The Left Hand of Darkness")]
            case "cy": changes.newMember = true
            default: break
            }
            club[index].sinceLastDigest = changes
        }
        return club
    }
}
