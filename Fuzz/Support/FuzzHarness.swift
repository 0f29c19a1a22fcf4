@testable import BookRecommender
import Foundation

/// What every libFuzzer target shares: the scratch file the input is written
/// to, and the checks that turn a broken invariant into a crash libFuzzer sees.
///
/// The readers take file paths, so each input is written to a file in a
/// private folder under `/dev/shm` (memory-backed; the temporary folder when
/// there is none) and read from there, exactly as the job reads a real file.
enum FuzzHarness {
    /// The private scratch folder of this process.
    static let folder: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(base)/bookrec-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a scratch folder in \(base)") }
        return String(cString: made)
    }()

    /// Writes the input to `folder/name` (replacing the last one) and returns its path.
    static func write(_ data: UnsafePointer<UInt8>?, _ size: Int, named name: String) -> String {
        let path = folder + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < size, let data {
            let count = Foundation.write(descriptor, data + written, size - written)
            guard count > 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += count
        }
        return path
    }

    /// The input as text: UTF-8 with invalid bytes replaced.
    static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        guard let data else { return "" }
        return String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// Ingests the input as one file called `name`, in `format` (nil detects
    /// it), first with `--on-bad-record skip` and then with `fail`, and checks
    /// the accounting: nothing is thrown when skipping, read = used + shelved +
    /// blank + rejected, every reject names the file, a line and a reason, and every
    /// rating is on the 0–5 scale.
    static func ingest(_ data: UnsafePointer<UInt8>?, _ size: Int, as format: InputFormat?, named name: String) {
        let file = InputFile(path: write(data, size, named: name))
        let rejects = RejectLog(streamingTo: nil, keep: 1000)
        let result: Ingestor.Result
        do {
            result = try Ingestor(format: format, columns: nil, policy: .skip)
                .ingest([file], catalogFile: nil, rejects: rejects)
        } catch {
            fatalError("skip mode threw: \(error)")
        }
        let counts = result.totals
        require(result.files.count == 1, "one file report")
        require(counts.balances, "read \(counts.read) != used + shelved + blank + rejected in \(counts)")
        require(rejects.count == counts.rejected, "\(rejects.count) reject rows for \(counts.rejected) rejects")
        require(result.data.ratingCount == counts.used, "\(result.data.ratingCount) ratings for \(counts.used) used")
        require(
            result.data.shelfUser.count == counts.shelved + result.sameBook.editionShelves,
            "shelf entries differ from shelved and edition shelves")
        let lowestLine = format == nil ? 0 : 1
        for entry in rejects.first {
            require(entry.file == file.path, "a reject names \(entry.file)")
            require(entry.line >= lowestLine, "a reject has line \(entry.line)")
            require(!entry.reason.description.isEmpty, "a reject has no reason")
        }
        for value in result.data.ratingValue {
            require(value.isFinite && value >= 0 && value <= 5, "rating \(value) is off the 0–5 scale")
        }
        guard counts.rejected > 0 else { return }
        do {
            _ = try Ingestor(format: format, columns: nil, policy: .fail)
                .ingest([file], catalogFile: nil, rejects: RejectLog(streamingTo: nil))
            fatalError("fail mode went on past \(counts.rejected) rejects")
        } catch {
            require(error.line >= lowestLine, "fail mode stopped at line \(error.line)")
        }
    }

    /// Crashes (so libFuzzer saves the input) when `condition` is false.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}
