import Foundation

/// A file in the temporary folder for one test, removed by `remove()`.
struct TemporaryFile {
    let path: String

    init(_ bytes: [UInt8], suffix: String = ".csv") {
        path = NSTemporaryDirectory() + "bookrec-csv-\(UUID().uuidString)\(suffix)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    init(_ text: String, suffix: String = ".csv") {
        self.init(Array(text.utf8), suffix: suffix)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
