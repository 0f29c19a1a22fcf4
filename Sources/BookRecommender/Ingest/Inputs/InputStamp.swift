import Foundation

/// XXH64 over everything an ingest result depends on: this build (the bytes
/// of the running executable), the ingest settings (format, columns, rating
/// scale), and each input file (and the catalog) in order: its path as
/// given, its member, its member folder and every byte it holds.
///
/// Equal stamps mean ingest would give the same result, so a shard can take
/// the result `bookrec train` kept in the model file (`TrainingIngest`)
/// instead of reading the inputs again. Thread counts are left out: ingest
/// gives the same result for any count. Hashing a file costs a read of it,
/// a small part of parsing it.
struct InputStamp: Sendable, Equatable, Codable {
    /// 16 hex digits.
    let value: String

    /// The stamp of ingesting `files` and `catalog` with the ingest settings
    /// of `settings`; nil when a file cannot be read (ingest itself then
    /// reports it).
    static func of(_ files: [InputFile], catalog: InputFile?, settings: RunSettings) -> InputStamp? {
        var hasher = XXHash64()
        hasher.add("bookrec input stamp 1")
        hasher.add(build)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let ingest = Settings(format: settings.format, columns: settings.columns, ratingScale: settings.ratingScale)
        guard let json = try? encoder.encode(ingest) else { return nil }
        hasher.add(String(decoding: json, as: UTF8.self))
        hasher.add([UInt8(catalog == nil ? 0 : 1)])
        hasher.add([UInt64(files.count)])
        for file in (catalog.map { [$0] } ?? []) + files {
            hasher.add(file.path)
            hasher.add(file.member)
            hasher.add([UInt8(file.memberFolder == nil ? 0 : 1)])
            hasher.add(file.memberFolder ?? "")
            guard add(file.path, to: &hasher) else { return nil }
        }
        return InputStamp(value: hasher.hexValue)
    }

    /// XXH64 of the running executable, so that an ingest kept by one build
    /// is never taken by another (the version number stays the same between
    /// builds); empty when the executable cannot be read. Hashed once per
    /// process.
    private static let build: String = {
        guard let path = Bundle.main.executablePath else { return "" }
        var hasher = XXHash64()
        return add(path, to: &hasher) ? hasher.hexValue : ""
    }()

    /// The settings ingest's result depends on, as JSON with sorted keys.
    private struct Settings: Encodable {
        var format: InputFormat?
        var columns: ColumnMap?
        var ratingScale: RatingScale?
    }

    /// Feeds a marker for a folder (an empty member folder), else the file's
    /// length and bytes; false when the file cannot be read.
    private static func add(_ path: String, to hasher: inout XXHash64) -> Bool {
        guard !InputExpansion.isFolderPath(path) else {
            hasher.add([UInt8(2)])
            return true
        }
        var length: UInt64 = 0
        let readToEnd = FileChunks.forEachBlock(of: path, blockSize: 1 << 20) { block in
            hasher.add(block)
            length += UInt64(block.count)
            return true
        }
        guard readToEnd else { return false }
        // After the bytes, so that a file and its neighbour cannot trade bytes unnoticed.
        hasher.add([length])
        return true
    }
}
