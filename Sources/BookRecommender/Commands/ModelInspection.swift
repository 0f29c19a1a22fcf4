import Foundation

/// `bookrec inspect --model FILE`: what a model file holds, how long it took
/// to load, and, with INPUTs, how much of their books it knows.
struct ModelInspection {
    let path: String
    let model: BookModel
    /// Seconds `BookModel(contentsOf:)` took.
    let loadSeconds: Double

    /// Loads the model at `path`, timing the load.
    /// - Throws: `BookModelError` for a missing (66) or damaged (65) file.
    init(path: String) throws(BookModelError) {
        var stopwatch = Stopwatch()
        self.path = path
        model = try BookModel(contentsOf: URL(fileURLWithPath: path))
        loadSeconds = stopwatch.lap()
    }

    /// The model's description, one fact per line.
    var text: String {
        let options = model.options
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let prior = options.popularityWeight > 0 ? ", popularity prior \(options.popularityWeight)" : ""
        return """
            model     \(path)
            trained   \(ISO8601DateFormatter().string(from: model.trainedAt)), fingerprint \(model.fingerprint)
            contents  \(model.bookCount) books, \(model.readerCount) readers, \(model.ratingCount) ratings, \
            \(model.neighborLinks) neighbour links
            filter    \(options.similarity.rawValue), \(options.neighbors) neighbours, threshold \(options.threshold), \
            shrinkage \(options.shrinkage)\(prior)
            ingest    \(ingest)
            loaded    \(bytes) bytes in \(loadSeconds) s

            """
    }

    /// What the model kept of reading its training inputs (`TrainingIngest`).
    private var ingest: String {
        guard let kept = model.trainingIngest?.accounting else {
            return "not kept: runs with this model read their inputs"
        }
        let files = kept.files.count == 1 ? "1 file" : "\(kept.files.count) files"
        return "kept for \(files) (\(kept.rejectCount) rejected records), stamp \(kept.stamp.value): "
            + "runs on the same inputs take it instead of reading them"
    }

    /// How the model meets the books of `ratings`.
    func coverage(of ratings: Ratings) -> String {
        let keys = ratings.data.itemKeys
        let known = keys.count { model.books.item(forKey: $0) != nil }
        let same = ratings.fingerprint == model.fingerprint
        return "the model knows \(known) of these \(keys.count) books; "
            + "these are \(same ? "" : "not ")the ratings it was trained on\n"
    }
}
