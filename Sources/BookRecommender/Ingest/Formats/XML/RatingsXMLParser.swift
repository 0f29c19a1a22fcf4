import Foundation

/// Reads ratings XML into `RatingsBatch`es from libxml2's start tags: a piece
/// of the file after the document's head (`XMLEventParser`, read in large
/// blocks), or the rest of the file as `XMLStream` walks it, which also says
/// where and why a broken document broke; `RatingElements` turns the
/// elements into rows. Like `RatingsRowParser`, one parser (one thread)
/// numbers the users and books it accepts itself, across all it reads;
/// `IngestSink.take` maps them.
final class RatingsXMLParser {
    /// The size of the reads a piece is parsed in: large enough that
    /// libxml2's per-call costs vanish, small enough to stay in cache.
    static let readSize = 1 << 16

    let path: String
    /// End tags of the root met in the markup of the pieces parsed (see `XMLEndTags`).
    private(set) var endTags: XMLEndTags
    /// The tables and the batch being filled; one stored property, so that a
    /// start tag costs one exclusivity check.
    private var elements: RatingElements
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 1)

    /// - Parameters:
    ///   - scale: the file's scale; nil while it is being detected.
    ///   - root: the root's name, whose end tags pieces look for.
    init(path: String, scale: RatingScale?, root: String?) {
        self.path = path
        elements = RatingElements(scale: scale)
        endTags = XMLEndTags()
        if let root { endTags.setRoot(Array(root.utf8)) }
    }

    deinit {
        buffer.deallocate()
    }

    /// Parses the piece `range` of the file (bytes after the root's start
    /// tag, cut after a line feed; the last runs to the end of the file) after
    /// `head`, into `batch` (emptied first), its lines counted from 1 at the
    /// piece's first line. When the piece does not parse as whole elements, or
    /// does not end in markup and blanks only (a stream reading on from the
    /// next piece must see the text there whole), the batch is empty and
    /// `mustReadOnAlone`. A read failure is kept in `error`.
    func parse(piece range: Range<Int>, after head: XMLDocumentHead, into batch: inout RatingsBatch) {
        swap(&elements.batch, &batch)
        defer { swap(&elements.batch, &batch) }
        elements.batch.clear()
        do throws(IngestError) {
            let parser = try XMLEventParser(path: path, reportsText: false) { tag, _ in self.elements.add(tag) }
            parser.endTags = endTags
            parser.push(head.bytes)
            parser.countLines(from: 1)
            let ending = try push(range, to: parser)
            // libxml2 holds back the text after the last markup; it must start at the closing blanks.
            let endsInMarkupAndBlanks =
                ending.blanksStart > range.lowerBound && ending.byteBefore == UInt8(ascii: ">")
                && parser.parsedOffset - head.end + range.lowerBound == ending.blanksStart
            // A piece this long may hold a text node libxml2's tree builder refused, which only the walk reports.
            let isShort = ending.length <= XMLLimits.treeMaxTextLength
            // The end tag that closes a piece is not the file's.
            if range.upperBound != .max, let found = parser.endTags {
                endTags = found
                parser.endTags = nil
            }
            parser.push(range.upperBound == .max ? [] : head.closingTag, isLast: true)
            if let found = parser.endTags { endTags = found }
            guard !parser.isStopped, isShort, range.upperBound == .max || endsInMarkupAndBlanks else {
                elements.batch.clear()
                elements.batch.mustReadOnAlone = true
                return
            }
            elements.batch.linesRead = parser.line - 1
            elements.batch.isFinished = true
            elements.noteValues()
        } catch {
            elements.batch.clear()
            elements.batch.error = error
        }
    }

    /// Reads the file as `XMLStream` walks it, from its start or from
    /// `resuming`, giving `deliver` a batch (emptied afterwards) each time it
    /// holds `batchRecords` records, and the last one, whose `error` says why
    /// the document broke, if it did; with each, how many bytes the stream has
    /// read. Records come from every start tag libxml2 parsed, up to where it
    /// stopped; the error is the walk's (or libxml2's, should the walk have
    /// found none). Lines in the batches are the file's. Stops early once
    /// `deliver` returns false.
    func readOn(
        resuming: XMLStream.Resumption?, batchRecords: Int, deliver: (inout RatingsBatch, Int) -> Bool
    ) {
        elements.batch.clear()
        var goesOn = true
        do throws(IngestError) {
            var stream = try XMLStream(
                path: path, keepsContent: false, resuming: resuming, onStartTag: { tag, _ in self.elements.add(tag) })
            let feeder = stream.feeder
            func deliverFull() -> Bool {
                guard goesOn, elements.batch.records >= batchRecords else { return goesOn }
                elements.noteValues()
                goesOn = deliver(&elements.batch, feeder.bytesHandedOut)
                elements.batch.clear()
                return goesOn
            }
            var broken: IngestError?
            do throws(IngestError) {
                while try stream.advance() {
                    guard deliverFull() else { return }
                }
            } catch {
                if case .cannotRead = error { throw error }
                broken = error
            }
            try stream.parseRest(afterEach: deliverFull)
            guard goesOn else { return }
            elements.batch.error = stream.parser.isStopped ? broken ?? stream.parser.failure : nil
            elements.batch.isFinished = elements.batch.error == nil
        } catch {
            elements.batch.error = error
        }
        guard goesOn else { return }
        elements.noteValues()
        _ = deliver(&elements.batch, 0)
    }

    /// Pushes the bytes `range` of the file to `parser`, `readSize` at a time,
    /// until the range or the file ends or the parser stops.
    /// - Returns: how many bytes were pushed, where the blanks they end with
    ///   start, and the byte before those.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    private func push(_ range: Range<Int>, to parser: XMLEventParser) throws(IngestError) -> (
        length: Int, blanksStart: Int, byteBefore: UInt8
    ) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var ending = (length: 0, blanksStart: range.lowerBound, byteBefore: UInt8(0))
        var offset = range.lowerBound
        while offset < range.upperBound, !parser.isStopped {
            let count = pread(
                descriptor, buffer.baseAddress, min(buffer.count, range.upperBound - offset), off_t(offset))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            guard count > 0 else { break }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            if let last = bytes.lastIndex(where: { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }) {
                (ending.blanksStart, ending.byteBefore) = (offset + last + 1, bytes[last])
            }
            offset += count
            ending.length += count
            parser.push(bytes)
        }
        return ending
    }
}
