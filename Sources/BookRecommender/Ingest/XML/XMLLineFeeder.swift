import Foundation

/// Feeds an `XMLEventParser` a file the way libxml2's `xmlTextReader` fed
/// its own parser when its input came a line at a time: the first four bytes
/// when the parser is made, then reads of up to 4096 bytes that end at a line
/// feed, pushed to libxml2 in pieces of 512 bytes and a remainder.
///
/// libxml2 words some errors, and puts some on a different line, by how the
/// bytes came (a comment or text cut by a push, a line feed left over at the
/// end); fed the same pushes, it says what bookrec has always said. Pushes
/// come in groups, one per `pushGroup(to:startingUp:wasDone:)`; a group ends
/// after a push that started an element or after a remainder, and a group
/// that breaks the document withholds all it parsed (see `XMLStream`).
final class XMLLineFeeder {
    /// Where the feeding stands (`xmlTextReader`'s mode).
    enum Mode { case initial, interactive, end, error }

    /// What `xmlTextReader` asked its input for at a time.
    private static let readLength = 4096
    /// What it pushed to libxml2 at a time.
    private static let chunkSize = 512
    /// What the file is read in: blocks that end on multiples of this offset,
    /// as sequential reads from the file's start end.
    private static let blockSize = 1 << 16

    let path: String
    let isRegularFile: Bool
    var mode = Mode.initial
    /// The error number of a failed read.
    private(set) var readErrno: Int32 = 0
    /// Bytes handed to the parser's input so far.
    private(set) var bytesHandedOut = 0
    /// Line feeds in the file before the next byte handed out.
    private(set) var lineFeeds: Int
    /// End tags in the bytes handed out (see `XMLEndTags`).
    var endTags = XMLEndTags()

    private let descriptor: Int32
    private var fileOffset: Int
    private let block = UnsafeMutablePointer<UInt8>.allocate(capacity: blockSize)
    private var blockStart = 0
    private var blockEnd = 0
    /// True once the input returned its end or an error: libxml2 asks no more.
    private var inputEnded = false
    /// Handed out and not yet pushed: `buffer[pushed..<used]`.
    private var buffer: UnsafeMutableRawBufferPointer
    private var used = 0
    private var pushed = 0
    /// Line feeds before the last non-blank byte handed out; -1 for none.
    private var lastNonBlankLine = -1
    /// True once the parser was told the document ended.
    private var isPushedToEnd = false

    /// A feeder of the file at `path` from byte `offset`, which has
    /// `lineFeedsBefore` line feeds before it.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    init(path: String, from offset: Int = 0, lineFeedsBefore: Int = 0) throws(IngestError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        isRegularFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        self.path = path
        self.descriptor = descriptor
        fileOffset = offset
        lineFeeds = lineFeedsBefore
        buffer = .allocate(byteCount: 1 << 14, alignment: 1)
    }

    deinit {
        close(descriptor)
        block.deallocate()
        buffer.deallocate()
    }

    /// The first four bytes, taken as `xmlTextReader` took them to make its
    /// parser; nil when the input gave fewer (they go with the first push).
    func firstBytes() -> [UInt8]? {
        guard handOut(upTo: 4) >= 4 else { return nil }
        pushed = 4
        return Array(buffer[0..<4])
    }

    /// Pushes one group to `parser`, as `xmlTextReaderPushData` did.
    /// `startingUp`: nothing was handed out yet; `wasDone`: the walk had ended.
    /// - Returns: 0, or -1 once the document broke or a read failed.
    func pushGroup(to parser: XMLEventParser, startingUp: Bool, wasDone: Bool) -> Int32 {
        parser.elementStarted = false
        var readFailed = false
        while !parser.elementStarted, !readFailed {
            if used - pushed < Self.chunkSize {
                guard mode != .end else { break }
                let count = handOut(upTo: Self.readLength)
                if count < 0 {
                    mode = .end
                    readFailed = true
                    if !startingUp || parser.context.pointee.myDoc != nil { return -1 }
                } else if count == 0 {
                    mode = .end
                    break
                }
            }
            let count = min(used - pushed, Self.chunkSize)
            push(count, to: parser)
            if count < Self.chunkSize || Self.isBroken(parser) { break }
        }
        if mode == .end, !(readFailed && wasDone) {
            isPushedToEnd = true
            if push(used - pushed, to: parser, isLast: true) != 0 { return -1 }
        }
        if Self.isBroken(parser) {
            mode = .end
            return -1
        }
        return 0
    }

    /// Pushes what is left of the file in large pieces, until the parser
    /// stops, the file ends or `afterEach` (called after each) returns false:
    /// for a start-tag handler, once the walk of `XMLStream` has ended
    /// before the parse does.
    /// - Throws: `IngestError.cannotRead` when a read fails.
    func pushRest(to parser: XMLEventParser, afterEach: () -> Bool) throws(IngestError) {
        guard !isPushedToEnd, !parser.isStopped else { return }
        push(used - pushed, to: parser)
        while !parser.isStopped, afterEach() {
            if blockStart == blockEnd, !inputEnded {
                let count = fillBlock()
                guard count >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(readErrno))) }
                inputEnded = count == 0
            }
            guard blockStart < blockEnd else { break }
            parser.push(UnsafeRawBufferPointer(start: block + blockStart, count: blockEnd - blockStart))
            blockStart = blockEnd
        }
        if !parser.isStopped, inputEnded { parser.push([], isLast: true) }
        isPushedToEnd = true
    }

    /// True when nothing but blanks follows line `line` (libxml2's, 1-based)
    /// in the file and all of it could be read: what was not handed out is
    /// read now, its end tags noted.
    func onlyBlanks(afterLine line: Int) -> Bool {
        guard isRegularFile, readErrno == 0, lastNonBlankLine < line else { return false }
        var feeds = lineFeeds
        while true {
            if blockStart == blockEnd {
                guard !inputEnded else { return readErrno == 0 }
                let count = fillBlock()
                guard count > 0 else { return count == 0 }
            }
            let bytes = UnsafeBufferPointer(start: block + blockStart, count: blockEnd - blockStart)
            endTags.scan(bytes)
            for byte in bytes {
                if byte == 0x0A {
                    feeds += 1
                } else if !Self.isBlank(byte), feeds >= line {
                    return false
                }
            }
            blockStart = blockEnd
        }
    }

    /// True when libxml2 found the document broken, or its tree builder would have stopped.
    private static func isBroken(_ parser: XMLEventParser) -> Bool {
        parser.isBroken || parser.tree?.hasFailed == true
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    @discardableResult
    private func push(_ count: Int, to parser: XMLEventParser, isLast: Bool = false) -> Int32 {
        let code = parser.push(UnsafeRawBufferPointer(rebasing: buffer[pushed..<pushed + count]), isLast: isLast)
        pushed += count
        return code
    }

    /// The input `xmlTextReader` read from: up to `length` bytes, ending at
    /// the first line feed, appended to `buffer`; 0 at the end of the file,
    /// -1 when a read fails, and 0 ever after either.
    private func handOut(upTo length: Int) -> Int {
        guard !inputEnded else { return 0 }
        if blockStart == blockEnd {
            let count = fillBlock()
            guard count > 0 else {
                inputEnded = true
                return count
            }
        }
        let from = block + blockStart
        let limit = min(blockEnd - blockStart, length)
        let lineEnd = memchr(from, 0x0A, limit)
        let count = lineEnd.map { $0.assumingMemoryBound(to: UInt8.self) - from + 1 } ?? limit
        makeRoom(for: count)
        memcpy(buffer.baseAddress! + used, from, count)
        let bytes = UnsafeBufferPointer(start: from, count: count)
        endTags.scan(bytes)
        for byte in bytes {
            if byte == 0x0A {
                lineFeeds += 1
            } else if !Self.isBlank(byte) {
                lastNonBlankLine = lineFeeds
            }
        }
        blockStart += count
        used += count
        bytesHandedOut += count
        return count
    }

    /// Reads the next block of the file: the rest of the current block of
    /// `blockSize` for a regular file, what one read gives for a pipe.
    private func fillBlock() -> Int {
        while true {
            let count =
                isRegularFile
                ? pread(descriptor, block, Self.blockSize - fileOffset % Self.blockSize, off_t(fileOffset))
                : read(descriptor, block, Self.blockSize)
            if count >= 0 {
                fileOffset += count
                (blockStart, blockEnd) = (0, count)
                return count
            }
            if errno != EINTR {
                readErrno = errno
                return -1
            }
        }
    }

    /// Drops what was pushed, and grows the buffer when `count` more bytes would not fit.
    private func makeRoom(for count: Int) {
        guard used + count > buffer.count else { return }
        let kept = used - pushed
        if kept + count > buffer.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * (kept + count), alignment: 1)
            memcpy(larger.baseAddress!, buffer.baseAddress! + pushed, kept)
            buffer.deallocate()
            buffer = larger
        } else {
            memmove(buffer.baseAddress!, buffer.baseAddress! + pushed, kept)
        }
        (used, pushed) = (kept, 0)
    }
}
