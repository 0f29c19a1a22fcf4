import Foundation
import Testing

@testable import BookRecommender

/// Clubs built from real and hand-written exports, run through the binary:
/// same-named exports in member folders, one person's Goodreads and StoryGraph
/// in one folder, and members whose files cannot be used.
@Suite struct ClubTests {
    typealias Book = ClubFixtures.Book

    /// The picks (item keys) in `users/<user>.json` of the latest run.
    static func picks(_ run: HostileRun, _ user: String) throws -> [String] {
        let document = try run.json("users/\(user).json")
        let picks = try #require(document["recommendations"] as? [[String: Any]])
        return picks.compactMap { $0["item"] as? String }
    }

    /// `summary.json`'s members as name → (files, problem, failed).
    static func members(_ run: HostileRun) throws -> [String: (files: [String], problem: String?, failed: Bool)] {
        let members = try #require(try run.json("summary.json")["members"] as? [[String: Any]])
        var result: [String: (files: [String], problem: String?, failed: Bool)] = [:]
        for member in members {
            let name = try #require(member["name"] as? String)
            result[name] = (
                try #require(member["files"] as? [String]), member["problem"] as? String,
                try #require(member["failed"] as? Bool)
            )
        }
        return result
    }

    /// Goodreads names every export `goodreads_library_export.csv`: in member
    /// folders they are two people, given apart they are named after their folders.
    @Test func sameNamedExportsAreTwoPeople() throws {
        let run = try HostileRun()
        defer { run.remove() }
        try ClubFixtures.copyReal(
            "gr-aaronj1335/goodreads_library_export.csv", to: "club/aaron/goodreads_library_export.csv",
            under: run.input)
        try ClubFixtures.copyReal(
            "gr-0xdstn/goodreads_library_export.csv", to: "club/dstn/goodreads_library_export.csv", under: run.input)
        let result = try run.recommend([run.input.appendingPathComponent("club").path], ["--format", "goodreads"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("bookrec: 2 users"))
        let members = try Self.members(run)
        #expect(Set(members.keys) == ["aaron", "dstn"])
        #expect(members["aaron"]?.files.map { ($0 as NSString).lastPathComponent } == ["goodreads_library_export.csv"])
        #expect(members.values.allSatisfy { $0.problem == nil && !$0.failed })
        #expect(try Self.picks(run, "aaron").count == 10)
        #expect(try Self.picks(run, "dstn").count == 10)

        let apart = try HostileRun()
        defer { apart.remove() }
        try ClubFixtures.copyReal(
            "gr-aaronj1335/goodreads_library_export.csv", to: "a/goodreads_library_export.csv", under: apart.input)
        try ClubFixtures.copyReal(
            "gr-0xdstn/goodreads_library_export.csv", to: "b/goodreads_library_export.csv", under: apart.input)
        let given = try apart.recommend(
            ["input/a/goodreads_library_export.csv", "input/b/goodreads_library_export.csv"], ["--format", "goodreads"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout.contains("bookrec: 2 users"))
        #expect(Set(try Self.members(apart).keys) == ["a", "b"])
    }

    /// Two inputs that folder names cannot tell apart stop the run before any work.
    @Test func anUnsettledClashStopsBeforeAnyWork() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let book = [Book(title: "Emma", author: "Jane Austen", isbn13: "9780141439587", rating: 5)]
        try ClubFixtures.write(
            ["club/alice.csv": ClubFixtures.goodreads(book), "club/alice.tsv": ClubFixtures.goodreads(book)],
            under: run.input)
        let result = try run.recommend([run.input.appendingPathComponent("club").path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("club/alice.csv and "), "\(result.stderr)")
        #expect(result.stderr.contains("club/alice.tsv would both be member \"alice\""), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: run.out.path))
    }

    /// A member and a many-reader file's user id spelled alike are two people: the run stops, naming both files.
    @Test func aMemberAndAUserIDSpelledAlikeStopTheRun() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let book = [Book(title: "Emma", author: "Jane Austen", isbn13: "9780141439587", rating: 5)]
        try ClubFixtures.write(
            [
                "club/alice.csv": ClubFixtures.goodreads(book),
                "club/ratings.csv": "user_id,isbn,rating\nbob,9780141439587,4\nalice,9780156007757,5\n",
            ],
            under: run.input)
        let result = try run.recommend([run.input.appendingPathComponent("club").path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("user id \"alice\" in "), "\(result.stderr)")
        #expect(result.stderr.contains("club/ratings.csv is also the member named after "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: run.out.appendingPathComponent("latest").path))
    }

    static let others: [String: [Book]] = [
        "bob": [
            Book(title: "Emma", author: "Jane Austen", isbn13: "9780141439587", rating: 5),
            Book(title: "Blindness", author: "José Saramago", isbn13: "9780156007757", rating: 5),
            Book(title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", rating: 5),
            Book(title: "Middlemarch", author: "George Eliot", isbn13: "9780141439549", rating: 4),
            Book(title: "Jane Eyre", author: "Charlotte Brontë", isbn13: "9780141441146", rating: 5),
        ],
        "cy": [
            Book(title: "Emma", author: "Jane Austen", isbn13: "9780141439587", rating: 4),
            Book(title: "Blindness", author: "José Saramago", isbn13: "9780156007757", rating: 5),
            Book(title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", rating: 4),
            Book(title: "Persuasion", author: "Jane Austen", isbn13: "9780141439686", rating: 5),
            Book(title: "Wuthering Heights", author: "Emily Brontë", isbn13: "9780141439556", rating: 5),
        ],
        "dee": [
            Book(title: "Middlemarch", author: "George Eliot", isbn13: "9780141439549", rating: 5),
            Book(title: "Persuasion", author: "Jane Austen", isbn13: "9780141439686", rating: 4),
            Book(title: "Blindness", author: "José Saramago", isbn13: "9780156007757", rating: 4),
            Book(title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", rating: 5),
            Book(title: "Jane Eyre", author: "Charlotte Brontë", isbn13: "9780141441146", rating: 4),
        ],
    ]

    /// The club of `others` plus `ann`'s files (paths below `club/`).
    static func club(with ann: [String: String]) -> [String: String] {
        var files = others.reduce(into: [String: String]()) {
            $0["club/\($1.key).csv"] = ClubFixtures.goodreads($1.value)
        }
        for (path, text) in ann { files["club/\(path)"] = text }
        return files
    }

    /// Ann keeps Goodreads and StoryGraph: Dune is on her Goodreads to-read
    /// shelf without an ISBN, Blindness in StoryGraph without one. Neither is
    /// recommended to her, whichever file is read first; with her Goodreads
    /// file alone, Blindness is (so the test can fail).
    @Test func oneMembersGoodreadsAndStoryGraphAreOneReader() throws {
        let goodreads = ClubFixtures.goodreads([
            Book(title: "Emma", author: "Jane Austen", isbn13: "9780141439587", rating: 5),
            Book(title: "Persuasion", author: "Jane Austen", isbn13: "9780141439686", rating: 4),
            Book(title: "Dune (Dune, #1)", author: "Frank Herbert", isbn13: "", rating: 0),
        ])
        let storygraph = ClubFixtures.storygraph([
            Book(title: "Blindness", author: "José Saramago", isbn13: "", rating: 5),
            Book(title: "Middlemarch", author: "George Eliot", isbn13: "9780141439549", rating: 5),
        ])
        let options = ["--similarity", "cosine", "--shrinkage", "0"]
        for ann in [
            ["ann/a-goodreads.csv": goodreads, "ann/b-storygraph.csv": storygraph],
            ["ann/b-goodreads.csv": goodreads, "ann/a-storygraph.csv": storygraph],
        ] {
            let run = try HostileRun()
            defer { run.remove() }
            try ClubFixtures.write(Self.club(with: ann), under: run.input)
            let result = try run.recommend([run.input.appendingPathComponent("club").path], options)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("bookrec: 4 users"))
            let picks = try Self.picks(run, "ann")
            #expect(!picks.isEmpty)
            let hers: Set = ["9780156007757", "9780441172719", "9780141439587", "9780141439686", "9780141439549"]
            #expect(hers.isDisjoint(with: picks), "\(picks)")
            #expect(!picks.contains { $0.hasPrefix("title:") }, "\(picks)")
            #expect(try Self.members(run)["ann"]?.files.count == 2)
        }
        let alone = try HostileRun()
        defer { alone.remove() }
        try ClubFixtures.write(Self.club(with: ["ann.csv": goodreads]), under: alone.input)
        let result = try alone.recommend([alone.input.appendingPathComponent("club").path], options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.picks(alone, "ann").contains("9780156007757"))
    }

    /// The item keys of every book the export at `path` holds, rated or not, as ingest reads it.
    static func books(in path: String) throws -> Set<String> {
        let result = try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            InputExpansion.files(for: [path]), catalogFile: nil, rejects: RejectLog(streamingTo: nil))
        return Set((result.data.ratingItem + result.data.shelfItem).map { result.data.itemKeys[Int($0)] })
    }

    /// A club of five where two members' files cannot be used, one member
    /// folder is empty and one member rated nothing (but has 299 books without
    /// stars, which are learned from): the run is written for everyone else,
    /// the member without stars included, and made latest, and stdout, stderr,
    /// the digest and summary.json all name who is missing and why.
    @Test func membersWhoseFilesGiveNoRatingAreNamed() throws {
        let run = try HostileRun()
        defer { run.remove() }
        try ClubFixtures.copyReal("gr-aaronj1335/goodreads_library_export.csv", to: "club/aaron.csv", under: run.input)
        try ClubFixtures.copyReal("gr-0xdstn/goodreads_library_export.csv", to: "club/dstn.csv", under: run.input)
        try ClubFixtures.copyReal("sg-dblake26/storygraph_export.csv", to: "club/dana.csv", under: run.input)
        try ClubFixtures.write(["club/erin.csv": "Title;Score\nEmma;5\n"], under: run.input)
        try FileManager.default.createDirectory(
            at: run.input.appendingPathComponent("club/fay"), withIntermediateDirectories: true)
        let result = try run.recommend([run.input.appendingPathComponent("club").path])
        #expect(result.status == 65)
        // aaron's 72 ratings, aaron's 40 and dana's 299 books without stars.
        #expect(
            result.stdout.contains(
                "bookrec: 2 users, 408 books, 72 ratings and 339 books without stars used, 3 rejected; "
                    + "3 members without usable ratings: dstn, erin, fay; report:"),
            "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "the run was written without what could not be used: member dstn, member erin, member fay"))
        for name in ["dstn", "erin", "fay"] {
            #expect(result.stderr.contains("event=\"member without ratings\" member=\(name) "), "\(name)")
        }
        #expect(!result.stderr.contains("event=\"member without ratings\" member=dana "))
        let members = try Self.members(run)
        #expect(
            members.mapValues(\.failed) == ["aaron": false, "dana": false, "dstn": true, "erin": true, "fay": true])
        #expect(members["fay"]?.problem?.hasSuffix("club/fay: cannot read: the member folder holds no export") == true)
        #expect(members["aaron"]?.problem == nil)
        #expect(members["dana"]?.problem == nil)
        #expect(members["dstn"]?.problem?.contains("--format goodreads reads it without") == true)
        let digest = try String(contentsOf: run.report.appendingPathComponent("digest.txt"), encoding: .utf8)
        #expect(digest.contains("Members without usable ratings\n------------------------------\ndstn: "))
        #expect(digest.contains("\nerin: ") && digest.contains("\nfay: ") && !digest.contains("\ndana: "))
        let index = try String(contentsOf: run.report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<h2>Members without usable ratings</h2>"))
        #expect(index.contains("<li><strong>erin</strong>: "))
        #expect(!index.contains("<li><strong>dana</strong>: "))
        #expect(try run.json("summary.json")["users"] as? Int == 2)
        #expect(try run.json("users/aaron.json")["user"] as? String == "aaron")
        // dana gets picks, none of them a book she has (read, reading or to-read).
        let danas = try Self.books(in: run.input.appendingPathComponent("club/dana.csv").path)
        // 299 rows; "Beast" and "Steele Waters" are each there twice, with and without a subtitle.
        #expect(danas.count == 297)
        let picks = try Self.picks(run, "dana")
        #expect(picks.count == 10 && danas.isDisjoint(with: picks), "\(picks)")
    }

    /// `inspect` reads a pattern as `recommend` does, shows members and
    /// scales, and exits 65 when a file's format is unknown.
    @Test func inspectExpandsPatternsAndFailsOnUnknownFormats() throws {
        let run = try HostileRun()
        defer { run.remove() }
        try ClubFixtures.copyReal("gr-aaronj1335/goodreads_library_export.csv", to: "club/aaron.csv", under: run.input)
        try ClubFixtures.copyReal("ucsd-izbicki/goodreads_interactions.csv", to: "club/ucsd.csv", under: run.input)
        try ClubFixtures.write(["club/notes.txt": "just notes\n"], under: run.input)
        let good = try BinaryRunner.run(["inspect", "input/club/*.csv"], in: run.root)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("input/club/aaron.csv  goodreads    1-5 (format)"), "\(good.stdout)")
        #expect(good.stdout.contains("input/club/ucsd.csv   ratings-csv  1-5 (detected)"), "\(good.stdout)")
        #expect(
            good.stdout.contains(
                "input/club/aaron.csv  goodreads    1-5 (format)      112    72       40      0         0  read 9, to-read 31\n"
            ))
        #expect(
            good.stdout.contains(
                "input/club/ucsd.csv   ratings-csv  1-5 (detected)   9999  2805     7194      0         0  unrated 7194\n"
            ))
        #expect(
            good.stdout.contains(
                "MEMBER  RATINGS  SHELVED       WITHOUT STARS  FILES\naaron        72       40  read 9, to-read 31  input/club/aaron.csv"
            ))
        #expect(!good.stdout.contains("notes.txt"))
        let bad = try BinaryRunner.run(["inspect", "input/club"], in: run.root)
        #expect(bad.status == 65)
        #expect(bad.stdout.contains("input/club/notes.txt"))
        #expect(bad.stderr.contains("1 file cannot be used: input/club/notes.txt"), "\(bad.stderr)")
    }
}
