import BookRecommender
import Foundation

/// `bookrec merge OUT [--keep-runs N]`: the command line of `ShardMerge`.
struct MergeCommand {
    let merge: ShardMerge

    static let options = CLI.behaviourOptions + [ArgumentParser.Option("keep-runs")]

    /// - Throws: `UsageError` for a missing folder or a bad option.
    init(arguments: [String], log: Log) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try LogFormatOption.check(parsed)
        guard let folder = parsed.positionals.first else { throw .missingArgument("OUT") }
        guard parsed.positionals.count == 1 else {
            throw .tooManyArguments(parsed.positionals.dropFirst().joined(separator: " "))
        }
        var keep = RunSettings().keepRuns
        if let text = parsed.value("keep-runs") {
            guard let number = Int(text), number >= 1 else {
                throw .invalidValue(option: "--keep-runs", value: text, expected: "a whole number ≥ 1")
            }
            keep = number
        }
        merge = ShardMerge(
            out: URL(fileURLWithPath: folder), keepRuns: keep, log: log, exitGuard: Interruption.shared)
    }

    /// Merges and returns the one-line result.
    /// - Throws: what `ShardMerge.run` throws.
    func run() async throws -> String { try await merge.run() }
}
