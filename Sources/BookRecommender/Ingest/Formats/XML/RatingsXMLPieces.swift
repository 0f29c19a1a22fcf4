import Foundation

/// The pieces a ratings XML file is cut into after its head (see
/// `XMLDocumentHead`), each parsed by itself in large blocks, on one thread
/// or several (see `ChunkPipeline`), and added to the sink in file order.
///
/// A piece starts after a line feed that follows a `>`, and only where one
/// parser could read on alone from it (see `XMLLineFeeder.freshStart`), so
/// that when a piece does not parse as whole elements (the document breaks
/// there, or the cut fell inside markup) the rest of the file is read by one
/// `XMLStream` from that piece, fed exactly as one from the file's start
/// would have been: its records and its error are those of the whole file's.
struct RatingsXMLPieces {
    let path: String
    let head: XMLDocumentHead
    let ranges: [Range<Int>]
    /// Per piece after the first: where a stream reading on alone starts (the
    /// run of blanks before the piece) and the line feeds in that run.
    private let freshStarts: [(start: Int, lineFeeds: Int)]

    /// Cuts the file at `path` after `head` into about `count` pieces of `sizes` bytes.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    init(_ path: String, head: XMLDocumentHead, count: Int, sizes: ClosedRange<Int>) throws(IngestError) {
        let cut = try FileChunks.split(path, from: head.end, count: count, sizes: sizes, after: UInt8(ascii: ">"))
        var ranges = [cut[0]]
        var freshStarts = [(start: head.end, lineFeeds: 0)]
        for piece in cut.dropFirst() {
            if let fresh = try XMLLineFeeder.freshStart(path, before: piece.lowerBound, after: head.end) {
                ranges.append(piece)
                freshStarts.append(fresh)
            } else {
                ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<piece.upperBound
            }
        }
        self.path = path
        self.head = head
        self.ranges = ranges
        self.freshStarts = freshStarts
    }

    /// Parses the pieces on `threads` threads and adds them to `sink` in
    /// file order, each with `lineBase` advanced by the lines before it, up
    /// to the first that must be read on alone.
    /// - Returns: the piece to read on alone from and the end tags of the
    ///   root found so far; nil once every piece was added or the sink stopped.
    /// - Throws: the read error a piece met, once what came before it is added.
    func add(
        to sink: inout IngestSink, threads: Int, scale: RatingScale?, lineBase: inout Int, fileSize: Int
    ) throws(IngestError) -> (piece: Int, endTags: XMLEndTags)? {
        var endTags = XMLEndTags()
        head.bytes.withUnsafeBufferPointer { endTags.scan($0) }
        endTags.setRoot(Array(head.rootName.utf8))
        let (path, head) = (path, head)
        let parsers = ParserList()
        var alone: Int?
        if threads > 1, ranges.count > 1 {
            let pipeline = ChunkPipeline(chunks: ranges, threads: threads, window: 2 * threads) {
                let parser = parsers.add(RatingsXMLParser(path: path, scale: scale, root: head.rootName))
                return { range, batch in parser.parse(piece: range, after: head, into: &batch) }
            }
            defer { pipeline.stop() }
            alone = try pipeline.addInOrder(to: &sink, lineBase: &lineBase, of: fileSize - head.end)
        } else {
            alone = try addOneByOne(
                to: &sink, parser: parsers.add(RatingsXMLParser(path: path, scale: scale, root: head.rootName)),
                lineBase: &lineBase, fileSize: fileSize)
        }
        guard let alone, alone < ranges.count else { return nil }
        for parser in parsers.all { endTags.merge(parser.endTags) }
        return (alone, endTags)
    }

    /// Where one stream reads on alone from piece `index`, whose first line
    /// has `lineBase` lines before it: after the head, from the blanks before
    /// the piece; nil for the first piece, read with the head from the file's start.
    func resumption(atPiece index: Int, lineBase: Int, endTags: XMLEndTags) -> XMLStream.Resumption? {
        guard index > 0 else { return nil }
        let fresh = freshStarts[index]
        return XMLStream.Resumption(
            head: head, start: fresh.start, lineFeedsBefore: lineBase - fresh.lineFeeds, endTags: endTags)
    }

    /// `ChunkPipeline.addInOrder` on this thread alone.
    private func addOneByOne(
        to sink: inout IngestSink, parser: RatingsXMLParser, lineBase: inout Int, fileSize: Int
    ) throws(IngestError) -> Int? {
        var indices = RatingsRowParser.Indices()
        var batch = RatingsBatch()
        for (index, range) in ranges.enumerated() {
            parser.parse(piece: range, after: head, into: &batch)
            if batch.mustReadOnAlone { return index }
            sink.take(batch, indices: &indices, lineBase: lineBase)
            if let error = batch.error { throw error }
            if sink.isStopped { return nil }
            if index == 0 { sink.reserve(after: batch, in: range.count, of: fileSize - head.end) }
            lineBase += batch.linesRead
        }
        return ranges.count
    }

    /// The parsers the threads made, for the end tags they found.
    private final class ParserList: @unchecked Sendable {
        private let lock = NSLock()
        private var parsers: [RatingsXMLParser] = []

        func add(_ parser: RatingsXMLParser) -> RatingsXMLParser {
            lock.lock()
            parsers.append(parser)
            lock.unlock()
            return parser
        }

        var all: [RatingsXMLParser] {
            lock.lock()
            defer { lock.unlock() }
            return parsers
        }
    }
}
