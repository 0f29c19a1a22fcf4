import BookRecommender
import Foundation

/// How a failed command tells why on stderr.
enum ErrorOutput {
    /// Prints `bookrec: …` lines, or one JSON event per line with
    /// `--log-format json`; usage errors add the usage line.
    static func report(_ error: any Error, status: ExitStatus, log: Log) {
        if log.format == .json {
            for line in "\(error)".split(separator: "\n") {
                log.error("bookrec", "failed", ["exit": String(status.rawValue), "message": String(line)])
            }
        } else {
            FileHandle.standardError.write(Data("bookrec: \(error)\n".utf8))
        }
        if status == .usage { FileHandle.standardError.write(Data((Usage.line + "\n").utf8)) }
    }
}
