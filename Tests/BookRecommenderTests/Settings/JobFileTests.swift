import Foundation
import Testing

@testable import BookRecommender

@Suite struct JobFileTests {
    /// Writes `text` as a job file in a fresh folder and loads it.
    func load(_ text: String) throws -> RunSettings {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("job.json")
        try Data(text.utf8).write(to: file)
        return try JobFile.load(file.path, over: RunSettings())
    }

    @Test func readsEverySettingAndResolvesPathsFromTheJobFolder() throws {
        let settings = try load(
            """
            {"name": "club", "inputs": ["in", "/abs/b.csv"], "catalog": "books.csv", "out": "../out",
             "top": 4, "threads": 2, "format": "ratings-csv", "columns": "user=u,item=i,rating=r",
             "onBadRecord": "fail", "enrich": false, "minRatings": 2, "neighbors": 16, "ratingScale": "0.5-5"}
            """)
        #expect(settings.name == "club")
        #expect(settings.inputs.count == 2)
        #expect(settings.inputs[0].hasSuffix("/in") && settings.inputs[0].hasPrefix("/"))
        #expect(settings.inputs[1] == "/abs/b.csv")
        #expect(settings.catalog?.hasSuffix("/books.csv") == true)
        #expect(!(settings.out.contains("..")))
        #expect(settings.model.top == 4 && settings.model.threads == 2)
        #expect(settings.model.minRatings == 2 && settings.model.neighbors == 16)
        #expect(settings.format == .ratingsCSV && settings.onBadRecord == .fail && !settings.enrich.enabled)
        #expect(settings.ratingScale == RatingScale(minimum: 0.5, maximum: 5))
    }

    @Test func reportsEveryProblemWithItsPath() {
        #expect {
            try load(#"{"top": "ten", "colour": "red", "inputs": ["a", 3], "onBadRecord": "maybe", "enrich": 1}"#)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            let paths = Set(error.problems.map(\.path))
            return paths == ["$.top", "$.colour", "$.inputs[1]", "$.onBadRecord", "$.enrich"]
                && error.description.contains("job.json: $.colour: unknown key")
        }
    }

    @Test(arguments: ["[1, 2]", "{\"top\": ", ""])
    func rejectsDocumentsThatAreNotAnObject(_ text: String) {
        #expect {
            try load(text)
        } throws: { error in
            (error as? ConfigError)?.problems.first?.path == "$"
        }
    }
}
