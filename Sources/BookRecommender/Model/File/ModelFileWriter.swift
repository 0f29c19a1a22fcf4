import Foundation

#if _endian(big)
    #error("the model file stores arrays as they lie in memory, little-endian")
#endif

/// Builds a model file in memory (see `ModelFileFormat`): blocks are
/// appended in file order, then `sealed()` puts the header in front.
struct ModelFileWriter {
    typealias Tag = ModelFileFormat.Tag
    private var body = Data()

    /// A writer with room for about `capacity` bytes.
    init(capacity: Int) {
        body.reserveCapacity(capacity)
    }

    /// Appends one block holding `values` as they lie in memory.
    mutating func add<T: BitwiseCopyable>(_ tag: Tag, _ values: [T]) {
        values.withUnsafeBytes { add(tag, elementSize: MemoryLayout<T>.stride, payload: $0) }
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
        body.append(header)
        body.append(contentsOf: payload)
        body.append(contentsOf: repeatElement(0 as UInt8, count: (8 - payload.count % 8) % 8))
    }

    /// The whole file: header (with the checksum of the blocks), then the
    /// blocks; a part file (`TrainingPartFile`) has its own signature and version.
    func sealed(magic: [UInt8] = ModelFileFormat.magic, version: UInt32 = ModelFileFormat.version) -> Data {
        var file = Data(magic)
        let size = UInt64(ModelFileFormat.headerSize + body.count)
        let checksum = Self.checksum(of: body)
        for field in [version, UInt32(ModelFileFormat.headerSize)] {
            withUnsafeBytes(of: field.littleEndian) { file.append(contentsOf: $0) }
        }
        for field in [size, checksum] {
            withUnsafeBytes(of: field.littleEndian) { file.append(contentsOf: $0) }
        }
        file.append(contentsOf: repeatElement(0 as UInt8, count: ModelFileFormat.headerSize - file.count))
        file.append(body)
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
