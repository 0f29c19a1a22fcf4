import Foundation

/// Reads ratings XML into `RatingsBatch`es with `XMLPushParser`: a piece of
/// the file after the document's head, or the rest of the file by one
/// parser; `RatingElements` turns the elements into rows. Like
/// `RatingsRowParser`, one parser (one thread) numbers the users and books it
/// accepts itself, across all it reads; `IngestSink.take` maps them.
final class RatingsXMLParser {
    let path: String
    /// The tables and the batch being filled; one stored property, so that a
    /// start tag costs one exclusivity check.
    private var elements: RatingElements
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: XMLPushParser.readSize, alignment: 1)

    /// - Parameter scale: the file's scale; nil while it is being detected.
    init(path: String, scale: RatingScale?) {
        self.path = path
        elements = RatingElements(scale: scale)
    }

    deinit {
        buffer.deallocate()
    }

    /// Parses the piece `range` of the file (bytes after the root's start
    /// tag, cut after a line feed; the last runs to the end of the file) after
    /// `head`, into `batch` (emptied first), its lines counted from 1 at the
    /// piece's first line. When the piece does not parse as whole elements,
    /// the batch is empty and `mustReadOnAlone`: the document broke there, or
    /// the cut fell inside markup. A read failure is kept in `error`.
    func parse(piece range: Range<Int>, after head: XMLDocumentHead, into batch: inout RatingsBatch) {
        swap(&elements.batch, &batch)
        defer { swap(&elements.batch, &batch) }
        elements.batch.clear()
        do throws(IngestError) {
            let parser = try XMLPushParser(path: path) { tag, _ in self.elements.add(tag) }
            let descriptor = try XMLPushParser.open(path)
            defer { close(descriptor) }
            parser.push(head.bytes)
            parser.countLines(from: 1)
            _ = try parser.push(file: descriptor, range, buffer: buffer)
            parser.push(range.upperBound == .max ? [] : head.closingTag, isLast: true)
            guard !parser.isStopped else {
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

    /// Reads the file from `start` to its end, giving `deliver` a batch
    /// (emptied afterwards) each time it holds `batchRecords` records, and the
    /// last one, whose `error` says why the document broke, if it did; with
    /// each, how many bytes from `start` were read. From 0 the whole document
    /// is read; from a piece's start, it is read after `head`, and `lineBase`
    /// is the line before the piece's. Lines in the batches are the file's.
    /// Stops early once `deliver` returns false.
    func readOn(
        from start: Int, after head: XMLDocumentHead?, lineBase: Int, batchRecords: Int,
        deliver: (inout RatingsBatch, Int) -> Bool
    ) {
        elements.batch.clear()
        do throws(IngestError) {
            let parser = try XMLPushParser(path: path) { tag, _ in self.elements.add(tag) }
            let descriptor = try XMLPushParser.open(path)
            defer { close(descriptor) }
            if let head {
                parser.push(head.bytes)
                parser.countLines(from: lineBase + 1)
            }
            var goesOn = true
            let atEnd = try parser.push(file: descriptor, start..<Int.max, buffer: buffer) {
                guard elements.batch.records >= batchRecords else { return true }
                elements.noteValues()
                goesOn = deliver(&elements.batch, parser.bytesPushed - (head?.bytes.count ?? 0))
                elements.batch.clear()
                return goesOn
            }
            guard goesOn else { return }
            if atEnd { parser.push([], isLast: true) }
            elements.batch.error = parser.failure
            elements.batch.isFinished = elements.batch.error == nil
        } catch {
            elements.batch.error = error
        }
        elements.noteValues()
        _ = deliver(&elements.batch, 0)
    }
}
