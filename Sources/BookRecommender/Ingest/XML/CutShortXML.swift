import Foundation

/// A document that stops on its last line while its root element is still
/// open was most likely cut short (a download or copy that did not finish).
/// libxml2 words that by the bytes it met last ("AttValue: ' expected",
/// "Extra content at the end of the document"), so the reader says it plainly
/// and keeps libxml2's words after it.
enum CutShortXML {
    /// The reason for a document that ends inside `root`, with libxml2's message.
    static func reason(root: String, libxml2 message: String) -> String {
        "the file ends inside <\(root)>, which is never closed: was it cut short? (libxml2: \(message))"
    }

    /// True when the regular file at `path` holds nothing but blanks after
    /// line `line` (1-based) and no end tag of `root` (`</root>`, any prefix):
    /// a reader that stopped on that line met the end of the file with the root
    /// still open. False for anything else, or when the file cannot be read.
    /// (An end tag inside a comment counts too: the hint is then left out.)
    /// - Complexity: O(file size): reads the file once, on the error path only.
    static func endsInside(_ root: String, _ path: String, afterLine line: Int) -> Bool {
        guard FileChunks.isRegularFile(path) else { return false }
        var endTags = EndTagScanner(localName: Array(root.utf8))
        var lineFeeds = 0
        let readToEnd = FileChunks.forEachBlock(of: path) { block in
            for byte in block {
                if lineFeeds >= line, byte != 0x20, byte != 0x09, byte != 0x0D, byte != 0x0A { return false }
                if byte == 0x0A { lineFeeds += 1 }
                endTags.take(byte)
            }
            return true
        }
        return readToEnd && !endTags.found
    }

    /// Finds `</name>` or `</prefix:name>` (blanks allowed before `>`) in bytes fed one at a time.
    private struct EndTagScanner {
        let localName: [UInt8]
        private(set) var found = false
        /// The name after `</` read so far; nil outside an end tag's name.
        private var name: [UInt8]?
        private var sawLessThan = false
        private var afterName = false

        init(localName: [UInt8]) { self.localName = localName }

        mutating func take(_ byte: UInt8) {
            defer { sawLessThan = byte == UInt8(ascii: "<") }
            if sawLessThan, byte == UInt8(ascii: "/") {
                name = []
                afterName = false
                return
            }
            guard let count = name?.count else { return }
            switch byte {
            case UInt8(ascii: ">"):
                let local = name?.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last
                if local.map(Array.init) == localName { found = true }
                name = nil
            case 0x20, 0x09, 0x0D, 0x0A:
                afterName = count > 0
            case _ where afterName || count > localName.count + 64:
                name = nil
            default:
                name?.append(byte)
            }
        }
    }
}
