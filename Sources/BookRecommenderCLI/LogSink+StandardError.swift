import BookRecommender
import Foundation

extension LogSink {
    /// The process's stderr, where `bookrec` logs (stdout holds the result);
    /// a terminal when a person is watching.
    static let standardError = LogSink(isTerminal: isatty(STDERR_FILENO) == 1) { text in
        FileHandle.standardError.write(Data(text.utf8))
    }
}
