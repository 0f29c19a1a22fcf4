/// Reads a model file (see `ModelFileFormat`) from its bytes: checks the
/// header and the checksum first, then hands out the blocks in file order.
///
/// The file is hostile input: every tag, element size, length and offset is
/// checked against the bytes that are there before it is used, and any
/// mismatch is a `BookModelError` naming the file, never a trap.
///
/// Large passes (the checksum, copies, checks of entries) go in chunks of
/// `chunk` bytes; over a mapped file (`ModelFileBytes.map`) each chunk's
/// pages are released once passed, so reading the file never holds all of it.
struct ModelFileDecoder {
    typealias Tag = ModelFileFormat.Tag
    /// The bytes one step of a large pass covers: a multiple of the page size and of XXH64's 32-byte stripe.
    static let chunk = 8 << 20
    let path: String
    /// The file's format version, at most the version the reader supports.
    let version: UInt32
    private let bytes: UnsafeRawBufferPointer
    /// Whether `bytes` is a mapping of the file, whose pages `release` gives back.
    private let mapped: Bool
    private var offset = ModelFileFormat.headerSize

    /// Checks signature, version, size and checksum, in that order. A file
    /// shorter than the header that starts like one is truncated, not foreign.
    /// A part file (`TrainingPartFile`) passes its own `magic` and `supported` version.
    /// - Throws: `BookModelError.notAModel`, `.newerVersion`, `.truncated` or `.corrupt`.
    init(
        path: String, bytes: UnsafeRawBufferPointer, magic: [UInt8] = ModelFileFormat.magic,
        supported: UInt32 = ModelFileFormat.version, mapped: Bool = false
    ) throws(BookModelError) {
        self.path = path
        self.bytes = bytes
        self.mapped = mapped
        let headerSize = ModelFileFormat.headerSize
        guard bytes.prefix(magic.count).elementsEqual(magic.prefix(bytes.count)) else { throw .notAModel(path: path) }
        guard bytes.count >= headerSize else { throw .truncated(path: path, size: bytes.count, expected: headerSize) }
        let version = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version <= supported else { throw .newerVersion(path: path, version: version, supported: supported) }
        guard version > 0 else { throw .corrupt(path: path, reason: "format version 0") }
        self.version = version
        let declaredHeader = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        guard declaredHeader == headerSize else {
            throw .corrupt(path: path, reason: "header size \(declaredHeader), expected \(headerSize)")
        }
        let size = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        guard size <= UInt64(Int.max), Int(size) <= bytes.count else {
            throw .truncated(path: path, size: bytes.count, expected: size > UInt64(Int.max) ? Int.max : Int(size))
        }
        guard Int(size) == bytes.count, Int(size) >= headerSize else {
            throw .corrupt(path: path, reason: "\(bytes.count) bytes where the header says \(size)")
        }
        guard bytes[32..<headerSize].allSatisfy({ $0 == 0 }) else {
            throw .corrupt(path: path, reason: "reserved header bytes are not zero")
        }
        let checksum = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        var hasher = XXHash64()
        forEachChunk(of: headerSize..<bytes.count) { hasher.add(self.bytes(in: $0)) }
        guard hasher.value == checksum else { throw .corrupt(path: path, reason: "checksum mismatch") }
    }

    /// Calls `body` with `range` cut into chunks in order, releasing each
    /// chunk's pages of a mapped file once `body` is done with it.
    func forEachChunk(of range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + Self.chunk, range.upperBound)
            body(start..<end)
            release(start..<end)
            start = end
        }
    }

    /// Gives back the pages of bytes `range` when the file is mapped (see
    /// `ModelFileBytes.release`); nothing for bytes in private memory.
    func release(_ range: Range<Int>) {
        guard mapped, let base = bytes.baseAddress else { return }
        ModelFileBytes.release(base, range)
    }

    /// The damage found, as the error to throw.
    func corrupt(_ reason: String) -> BookModelError {
        .corrupt(path: path, reason: reason)
    }

    /// The next block, which must be `tag` holding `T`s (`count` of them when given).
    /// - Throws: `BookModelError.corrupt` when the block is another, has
    ///   another element size or count, or runs past the end of the file.
    mutating func array<T: BitwiseCopyable>(_ tag: Tag, of type: T.Type, count: Int? = nil) throws(BookModelError)
        -> [T]
    {
        let range = try payload(tag, of: type, count: count)
        return [T](unsafeUninitializedCapacity: range.count / MemoryLayout<T>.stride) { buffer, initialized in
            let target = UnsafeMutableRawBufferPointer(buffer)
            forEachChunk(of: range) { chunk in
                UnsafeMutableRawBufferPointer(rebasing: target[(chunk.lowerBound - range.lowerBound)...])
                    .copyMemory(from: bytes(in: chunk))
            }
            initialized = buffer.count
        }
    }

    /// Where the next block's payload lies in the file (8-byte aligned), for a
    /// block left in place; the checks are those of `array`.
    mutating func payload<T: BitwiseCopyable>(_ tag: Tag, of type: T.Type, count: Int? = nil) throws(BookModelError)
        -> Range<Int>
    {
        guard bytes.count - offset >= ModelFileFormat.blockHeaderSize else {
            throw corrupt("the file ends before block \(tag.rawValue)")
        }
        let code = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        let elementSize = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
        let length = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        guard code == tag.code else { throw corrupt("found another block where \(tag.rawValue) belongs") }
        let stride = MemoryLayout<T>.stride
        guard elementSize == stride else { throw corrupt("block \(tag.rawValue) has \(elementSize)-byte elements") }
        let start = offset + ModelFileFormat.blockHeaderSize
        guard length <= UInt64(bytes.count - start), Int(length) % stride == 0 else {
            throw corrupt("block \(tag.rawValue) runs past the end of the file")
        }
        let elements = Int(length) / stride
        if let count, elements != count {
            throw corrupt("block \(tag.rawValue) holds \(elements) entries, expected \(count)")
        }
        let padded = (Int(length) + 7) / 8 * 8
        guard padded <= bytes.count - start else {
            throw corrupt("block \(tag.rawValue) runs past the end of the file")
        }
        offset = start + padded
        return start..<start + Int(length)
    }

    /// The file's bytes in `range` (a range `payload` returned).
    func bytes(in range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// The next string list (`count` strings; nil for an absent optional).
    /// - Throws: `BookModelError.corrupt` for bad offsets or invalid UTF-8.
    mutating func strings(_ offsetsTag: Tag, _ bytesTag: Tag, count: Int) throws(BookModelError) -> [String?] {
        let offsets = try array(offsetsTag, of: UInt64.self, count: count + 1)
        let text = try array(bytesTag, of: UInt8.self)
        guard Self.isRunOfOffsets(offsets, total: UInt64(text.count)) else {
            throw corrupt("string offsets of \(offsetsTag.rawValue) do not run through its bytes")
        }
        var result: [String?] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let slice = text[Int(offsets[index])..<Int(offsets[index + 1])]
            if slice.elementsEqual(ModelFileFormat.absent) {
                result.append(nil)
            } else if let string = String(validating: slice, as: UTF8.self) {
                result.append(string)
            } else {
                throw corrupt("invalid UTF-8 in \(bytesTag.rawValue)")
            }
        }
        return result
    }

    /// The next string list, where every string must be present.
    mutating func requiredStrings(_ offsetsTag: Tag, _ bytesTag: Tag, count: Int) throws(BookModelError) -> [String] {
        let strings = try self.strings(offsetsTag, bytesTag, count: count)
        var result: [String] = []
        result.reserveCapacity(count)
        for string in strings {
            guard let string else { throw corrupt("a missing string in \(bytesTag.rawValue)") }
            result.append(string)
        }
        return result
    }

    /// Whether `offsets` starts at 0, never goes down, and ends at `total`:
    /// then every `offsets[i]..<offsets[i + 1]` lies within `0..<total`.
    static func isRunOfOffsets<T: FixedWidthInteger>(_ offsets: [T], total: T) -> Bool {
        guard offsets.first == 0, offsets.last == total else { return false }
        var previous: T = 0
        for offset in offsets {
            guard offset >= previous else { return false }
            previous = offset
        }
        return true
    }

    /// - Throws: `BookModelError.corrupt` when bytes follow the last block.
    func finish() throws(BookModelError) {
        guard offset == bytes.count else { throw corrupt("\(bytes.count - offset) bytes after the last block") }
    }
}
