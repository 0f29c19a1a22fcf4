@testable import BookRecommender

extension ReportSamples {
    /// A Google Books answer with every field set, each one hostile.
    static let hostileEnrichment = Enrichment(
        status: .ok, title: "<i>Google</i> & \"co\"", authors: ["<b>Ann</b>"],
        description: "Opens <script>alert(1)</script> & closes.\n\n"
            + String(repeating: "Long & <b>bold</b> ", count: 40),
        previewLink: "javascript:alert(document.cookie)", thumbnail: "http://example.com/\"><script>x</script>",
        pageCount: 12, publishedDate: "1965<br>", categories: ["<Fiction>"], volumeID: "<v>")

    /// A club of three whose picks have every kind of Google Books answer.
    static var enrichedClub: [UserPicks] {
        let dune = Enrichment(
            status: .ok, title: "Dune", authors: ["Frank Herbert"],
            description: "Set on the desert planet Arrakis, Dune is the story of the boy Paul Atreides, heir to a "
                + "noble family tasked with ruling an inhospitable world where the only thing of value is the "
                + "spice melange, a drug capable of extending life and enhancing consciousness. Paul must learn the ways of the desert people, the Fremen, to survive.\n\n"
                + "A stunning blend of adventure and mysticism, environmentalism and politics.",
            previewLink: "https://play.google.com/books/reader?id=B1hSG45JCX4C",
            thumbnail: "https://books.google.com/books/content?id=B1hSG45JCX4C&printsec=frontcover&img=1&zoom=1",
            pageCount: 896, publishedDate: "2005-08-02", categories: ["Fiction"], volumeID: "B1hSG45JCX4C")
        let emma = Enrichment(
            status: .ok, title: "Emma", authors: ["Jane Austen"],
            description: "Beautiful, clever, rich - and single - Emma Woodhouse is perfectly content with her life.",
            publishedDate: "1815")
        func pick(_ rank: Int, _ item: String, _ title: String, _ author: String, _ enrichment: Enrichment)
            -> ReportPick
        {
            ReportPick(
                rank: rank, item: item, isbn13: item, title: title, authors: [author], score: 4.5 - Double(rank) / 10,
                because: [RatedBook(item: "9780765326355", title: "The Way of Kings", rating: 5)], fallback: false,
                enrichment: enrichment)
        }
        let picks = [
            pick(1, "9780441013593", "Dune", "Frank Herbert", dune),
            pick(2, "9780141439587", "Emma", "Jane Austen", emma),
            pick(3, "9780000000019", "A Book Google Lacks", "Nobody", Enrichment(status: .notFound)),
            pick(4, "9780000000026", "Quota Victim", "Someone", Enrichment(status: .failed("daily quota exhausted"))),
        ]
        let rated = [
            RatedBook(item: "9780765326355", title: "The Way of Kings", rating: 5),
            RatedBook(item: "9780547928227", title: "The Hobbit", rating: 4),
        ]
        return [
            UserPicks(user: "ada", picks: picks, rated: rated),
            UserPicks(
                user: "ben", picks: Array(picks.prefix(2)),
                rated: rated + [RatedBook(item: "x", title: nil, rating: 2.5)]),
            UserPicks(
                user: "cy",
                picks: picks.prefix(1).map {
                    var popular = $0
                    popular.fallback = true
                    popular.because = []
                    return popular
                }, rated: []),
        ]
    }

    static let enrichedTotals = ReportTotals(
        users: 3, books: 6, ratings: 5, rejected: 1,
        notice: "Google Books: 1 of 4 recommended books could not be looked up.",
        runDate: "2026-11-30", name: "Sample club")
}
