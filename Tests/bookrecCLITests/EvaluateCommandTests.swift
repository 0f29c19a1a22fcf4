import Foundation
import Testing

/// `bookrec evaluate` on the demo club in `input/`, run from the repository root.
@Suite struct EvaluateCommandTests {
    static let club = ["evaluate", "input/club", "--catalog", "input/catalog.csv", "--quiet"]

    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: Workspace.root)
    }

    @Test func printsATableOfBothModels() throws {
        let result = try run(Self.club + ["--top", "5"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("13 users"))
        #expect(result.stdout.contains("split: holdout 0.2 per user, seed 1"))
        for column in ["MODEL", "USERS", "PRECISION@5", "RECALL@5", "NDCG@5", "HIT RATE", "COVERAGE"] {
            #expect(result.stdout.contains(column), "\(column)")
        }
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("item-item cosine ") })
        #expect(lines.contains { $0.hasPrefix("popularity ") })
        // The demo club's two bad records are reported, not dropped silently.
        #expect(result.stderr.contains("event=\"records rejected\" count=2"))
    }

    @Test func jsonIsDeterministicForASeed() throws {
        let first = try run(Self.club + ["--json", "--seed", "4", "--similarity", "jaccard"])
        let again = try run(Self.club + ["--json", "--seed", "4", "--similarity", "jaccard", "--threads", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let document = try DemoJobTests.object(Data(first.stdout.utf8))
        let models = try #require(document["models"] as? [String: [String: Any]])
        for name in ["itemItem", "popularity"] {
            let model = try #require(models[name])
            for metric in ["precision", "recall", "ndcg", "hitRate", "coverage"] {
                let value = try #require(model[metric] as? Double, "\(name).\(metric)")
                #expect(value >= 0 && value <= 1)
            }
            #expect((model["users"] as? Int ?? 0) > 0)
        }
        let settings = try #require(document["settings"] as? [String: Any])
        #expect(settings["similarity"] as? String == "jaccard")
        let split = try #require(document["split"] as? [String: Any])
        #expect(split["seed"] as? Int == 4)
        // Everything but the timings is the same on a second run with another thread count.
        let withoutSeconds = { (text: String) in text.split(separator: "\n").filter { !$0.contains("\"seconds\"") } }
        #expect(withoutSeconds(first.stdout) == withoutSeconds(again.stdout))
    }

    @Test func scoresATrainingAndATestFile() throws {
        let fixtures = "Tests/BookRecommenderTests/Fixtures/evaluate/"
        let result = try run([
            "evaluate", "--train", fixtures + "train.csv", "--test", fixtures + "test.csv", "--top", "1",
            "--min-ratings", "1", "--json", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try DemoJobTests.object(Data(result.stdout.utf8))
        let models = try #require(document["models"] as? [String: [String: Any]])
        #expect(models["itemItem"]?["hitRate"] as? Double == 0.5)
        #expect(models["popularity"]?["hitRate"] as? Double == 0.0)
    }

    @Test(arguments: [
        (["evaluate"], "missing INPUT"),
        (["evaluate", "input/club", "--holdout", "1.5"], "invalid value '1.5' for '--holdout'"),
        (["evaluate", "input/club", "--seed", "-1"], "invalid value '-1' for '--seed'"),
        (["evaluate", "input/club", "--relevant-min", "9"], "invalid value '9' for '--relevant-min'"),
        (["evaluate", "input/club", "--scoring", "max"], "invalid value 'max' for '--scoring'"),
        (["evaluate", "input/club", "--similarity", "dice"], "invalid value 'dice' for '--similarity'"),
        (["evaluate", "input/club", "--out", "x"], "unknown option '--out'"),
        (["evaluate", "--train", "a.csv"], "missing --test"),
        (["evaluate", "--train", "a.csv", "--test", "b.csv", "input/club"], "too many arguments"),
        (["evaluate", "--train", "a.csv", "--test", "b.csv", "--seed", "2"], "invalid value '2' for '--seed'"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpAndAMissingInput() throws {
        let help = try run(["help", "evaluate"])
        #expect(help.status == 0 && help.stdout.contains("--relevant-min"))
        let overview = try run(["--help"])
        #expect(overview.stdout.contains("bookrec evaluate") && overview.stdout.contains("bookrec similar"))
        let missing = try run(["evaluate", "/no/such/ratings.csv"])
        #expect(missing.status == 66 && missing.stderr.contains("/no/such/ratings.csv"))
    }
}
