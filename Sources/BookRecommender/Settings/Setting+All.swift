import Foundation

extension Setting {
    /// Every setting of `recommend` and `run`, in the order `--help` lists them.
    package static let all: [Setting] = [
        .string(nil, "name", expected: "a name") {
            $0.name = $1; return true
        },
        Setting(flag: nil, jobKey: "inputs", kind: .strings, expected: "files or folders") { settings, value in
            guard case .strings(let inputs) = value, !inputs.isEmpty else { return "at least one input" }
            settings.inputs = inputs
            return nil
        },
        .string("format", "format", expected: formatChoices) { settings, name in
            guard name == "auto" || InputFormat(rawValue: name) != nil else { return false }
            settings.format = InputFormat(rawValue: name)
            return true
        },
        .string("columns", "columns", expected: "user=C,item=C[,rating=C][,count=C][,date=C]") { settings, text in
            settings.columns = ColumnMap(parsing: text)
            return settings.columns != nil
        },
        .string("rating-scale", "ratingScale", expected: "MIN-MAX, e.g. 1-10, 0.5-5 or 0-100") { settings, text in
            settings.ratingScale = RatingScale(parsing: text)
            return settings.ratingScale != nil
        },
        .string("catalog", "catalog", expected: "a books.csv file") {
            $0.catalog = $1; return true
        },
        .integer("top", "top", minimum: 1) { $0.model.top = $1 },
        .string("out", "out", expected: "a folder") {
            $0.out = $1; return true
        },
        .integer("threads", "threads", minimum: 1) { $0.model.threads = $1 },
        .integer("keep-runs", "keepRuns", minimum: 1) { $0.keepRuns = $1 },
        .string("shard", nil, expected: "I/N with 0 ≤ I < N") { settings, text in
            settings.shard = Shard(parsing: text)
            return settings.shard != nil
        },
        .choice("on-bad-record", "onBadRecord", BadRecordPolicy.self) { $0.onBadRecord = $1 },
        .boolean("no-reports", "reports", flagValue: false) { $0.writeReports = $1 },
        // The filter.
        .string("model", "model", expected: "a model file written by 'bookrec train'") {
            $0.modelFile = $1; return true
        },
        .choice("similarity", "similarity", Similarity.self) { $0.model.similarity = $1 },
        .integer("neighbors", "neighbors", minimum: 1) { $0.model.neighbors = $1 },
        .number("threshold", "threshold", minimum: 0) { $0.model.threshold = Float($1) },
        .number("shrinkage", "shrinkage", minimum: 0) { $0.model.shrinkage = Float($1) },
        .string(
            "weights", "weights",
            expected: "kind=weight,… with kinds read, reading, to-read, unrated, loan and weights 0-100"
        ) {
            settings, text in
            guard let weights = InteractionWeights(parsing: text) else { return false }
            settings.model.weights = weights
            return true
        },
        .integer("min-ratings", "minRatings", minimum: 1) { $0.model.minRatings = $1 },
        .string("exclude", "exclude", expected: "a file of books") {
            $0.exclude = $1; return true
        },
        .string("only", "only", expected: "a file of books") {
            $0.only = $1; return true
        },
        .string(nil, "exportCoreML", expected: "a file name ending in .mlmodel") { settings, path in
            guard path.hasSuffix(".mlmodel") else { return false }
            settings.exportCoreML = path
            return true
        },
        // Google Books.
        .boolean("no-enrich", "enrich", flagValue: false) { $0.enrich.enabled = $1 },
        .boolean("offline", "offline", flagValue: true) { $0.enrich.offline = $1 },
        .boolean("require-enrichment", "requireEnrichment", flagValue: true) { $0.enrich.required = $1 },
        .string("google-books-url", "googleBooksURL", expected: "an http(s) URL") { settings, text in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                return false
            }
            settings.enrich.baseURL = text
            return true
        },
        .number("rate", "rate", minimum: 0.01) { $0.enrich.rate = $1 },
        .integer("max-retries", "maxRetries", minimum: 0) { $0.enrich.maxRetries = $1 },
        .string("country", "country", expected: "a two-letter country code") { settings, code in
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
            settings.enrich.country = code.uppercased()
            return true
        },
        .string("api-key-env", "apiKeyVariable", expected: "an environment variable name") { settings, name in
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return false }
            settings.enrich.apiKeyVariable = name
            return true
        },
        .string("cache", "cache", expected: "a folder") {
            $0.enrich.cache = $1; return true
        },
        .integer("max-requests", "maxRequests", minimum: 0) { $0.enrich.maxRequests = $1 },
        // Mail.
        .string("members", "members", expected: "a CSV file of member,email,name") {
            $0.members = $1; return true
        },
        Setting(flag: nil, jobKey: "mail", kind: .object, expected: "an object") { settings, value in
            guard case .object(let object) = value else { return "an object" }
            switch MailSettings.parse(object) {
            case .success(let mail):
                settings.mail = mail
                return nil
            case .failure(let problems):
                return problems.list.map { "\($0.key): \($0.message)" }.joined(separator: "\n")
            }
        },
    ]

    package static let formatChoices = "auto, " + InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
}
