import Foundation

#if _endian(big)
    #error("the model file stores arrays as they lie in memory, little-endian")
#endif

/// Builds a model file in memory (see `ModelFileFormat`): blocks are
/// appended in file order behind room for the header, which `sealed()`
/// fills in place (a model file can be larger than a gigabyte: no copy).
struct ModelFileWriter {
    typealias Tag = ModelFileFormat.Tag
    /// The header's room, then the blocks.
    private var file = Data(count: ModelFileFormat.headerSize)

    /// A writer with room for about `capacity` bytes of blocks.
    init(capacity: Int) {
        file.reserveCapacity(ModelFileFormat.headerSize + capacity)
    }

    /// Appends one block holding `values` as they lie in memory.
    mutating func add<T: BitwiseCopyable>(_ tag: Tag, _ values: [T]) {
        values.withUnsafeBytes { add(tag, elementSize: MemoryLayout<T>.stride, payload: $0) }
    }

    /// Appends one block holding `bytes` (a whole model file, inside a part file), without copying them first.
    mutating func add(_ tag: Tag, bytes: Data) {
        bytes.withUnsafeBytes { add(tag, elementSize: 1, payload: $0) }
    }

    /// Appends a string list: an offset block and a UTF-8 byte block; nil is `ModelFileFormat.absent`.
    mutating func add(_ offsetsTag: Tag, _ bytesTag: Tag, strings: some Sequence<String?>) {
        var offsets: [UInt64] = [0]
        var bytes: [UInt8] = []
        for string in strings {
            if let string {
                bytes.append(contentsOf: string.utf8)
            } else {
                bytes.append(contentsOf: ModelFileFormat.absent)
            }
            offsets.append(UInt64(bytes.count))
        }
        add(offsetsTag, offsets)
        add(bytesTag, bytes)
    }

    private mutating func add(_ tag: Tag, elementSize: Int, payload: UnsafeRawBufferPointer) {
        var header = [UInt32(tag.code), UInt32(elementSize)].withUnsafeBytes { Data($0) }
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { header.append(contentsOf: $0) }
        file.append(header)
        file.append(contentsOf: payload)
        file.append(contentsOf: repeatElement(0 as UInt8, count: (8 - payload.count % 8) % 8))
    }

    /// The whole file: header (with the checksum of the blocks), then the
    /// blocks; a part file (`TrainingPartFile`) has its own signature and
    /// version. The writer is empty afterwards: the bytes are handed over,
    /// not copied.
    mutating func sealed(magic: [UInt8] = ModelFileFormat.magic, version: UInt32 = ModelFileFormat.version) -> Data {
        let headerSize = ModelFileFormat.headerSize
        var header = Data(magic)
        let checksum = file.withUnsafeBytes { Self.checksum(of: UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        for field in [version, UInt32(headerSize)] {
            withUnsafeBytes(of: field.littleEndian) { header.append(contentsOf: $0) }
        }
        for field in [UInt64(file.count), checksum] {
            withUnsafeBytes(of: field.littleEndian) { header.append(contentsOf: $0) }
        }
        header.append(contentsOf: repeatElement(0 as UInt8, count: headerSize - header.count))
        file.replaceSubrange(0..<headerSize, with: header)
        defer { file = Data() }
        return file
    }

    /// The checksum the header holds for `blocks`, the bytes after it.
    static func checksum(of blocks: some ContiguousBytes) -> UInt64 {
        blocks.withUnsafeBytes { XXHash64.hash($0) }
    }
}

extension BookModel {
    /// `bytes` with the header's checksum recomputed over the bytes after the
    /// header, as a crafted file would have it, so that a fuzzer's mutations
    /// reach the checks behind the checksum. Shorter bytes come back unchanged.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= ModelFileFormat.headerSize else { return bytes }
        var bytes = bytes
        let checksum = ModelFileWriter.checksum(of: Array(bytes[ModelFileFormat.headerSize...]))
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(24..<32, with: $0) }
        return bytes
    }
}
