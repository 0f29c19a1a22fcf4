import CLibXML2
import Foundation

/// What the libxml2 callbacks of one `xmlTextReader` share with
/// `XMLStreamReader`: the file, how it is fed, and the errors reported so far.
final class XMLReaderState {
    let fd: Int32
    /// True when pieces end at a line feed (see `readChunk`).
    let byLine: Bool
    var readErrno: Int32 = 0
    var errors = XMLParseErrors()
    /// The line on which the last text node ended (exact with XML_PARSE_BIG_LINES).
    var lastTextLine = 0
    var lastNodeWasText = false
    /// `lastTextLine` when the node just before the current one was text.
    var textLineBeforeNode: Int?
    /// The root element's name once it has started, and whether it has ended.
    var root: (name: String, closed: Bool)?

    /// Bytes read from `fd` but not yet handed to libxml2: `pending[start..<end]`.
    let pending = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    var start = 0
    var end = 0

    private init(fd: Int32, byLine: Bool) {
        self.fd = fd
        self.byLine = byLine
    }

    deinit {
        pending.deallocate()
    }

    /// A locked-down reader of the open file `fd` from its current offset,
    /// fed pieces that end at a line feed when `byLine`, with its state.
    /// - Throws: `IngestError.cannotRead` when libxml2 cannot make a reader.
    static func reader(path: String, fd: Int32, byLine: Bool) throws(IngestError) -> (
        xmlTextReaderPtr, XMLReaderState
    ) {
        let state = XMLReaderState(fd: fd, byLine: byLine)
        let context = Unmanaged.passUnretained(state).toOpaque()
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
        guard let reader = xmlReaderForIO(readChunk, nil, context, path, nil, Int32(options)) else {
            throw .cannotRead(path: path, reason: "libxml2 cannot create a reader")
        }
        xmlTextReaderSetStructuredErrorHandler(reader, recordError, context)
        return (reader, state)
    }
}

/// Installs, once per process, an external entity loader that loads nothing.
let libxml2SetUp: Void = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in nil }
}()

/// libxml2's read callback: the next piece of the file (as much as libxml2
/// asks for, a few kilobytes), 0 at its end, -1 on error. Read `byLine`,
/// pieces end at a line feed: libxml2's reader parses what it is given before
/// it hands out nodes, and a fatal error anywhere in a piece withholds every
/// node of that piece, so line-sized pieces keep every node on the lines
/// before a break.
private func readChunk(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32)
    -> Int32
{
    guard let context, let buffer, length > 0 else { return -1 }
    let state = Unmanaged<XMLReaderState>.fromOpaque(context).takeUnretainedValue()
    while state.start == state.end {
        let count = read(state.fd, state.pending, 1 << 16)
        if count == 0 { return 0 }
        if count > 0 {
            state.start = 0
            state.end = count
        } else if errno != EINTR {
            state.readErrno = errno
            return -1
        }
    }
    let limit = min(state.end - state.start, Int(length))
    let from = state.pending + state.start
    let lineEnd = state.byLine ? memchr(from, 0x0A, limit) : nil
    let count = lineEnd.map { $0.assumingMemoryBound(to: UInt8.self) - from + 1 } ?? limit
    UnsafeMutableRawPointer(buffer).copyMemory(from: from, byteCount: count)
    state.start += count
    return Int32(count)
}

/// libxml2's structured error callback.
private func recordError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    Unmanaged<XMLReaderState>.fromOpaque(context).takeUnretainedValue().errors.record(error)
}
