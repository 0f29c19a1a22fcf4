import Foundation

/// Lookup results kept on disk between runs.
///
/// Layout: one JSON file per book key, `<folder>/<shard>/<escaped key>.json`,
/// where `<shard>` is two hex digits of an FNV-1a hash of the key and the file
/// name is the key with every byte outside `[A-Za-z0-9._-]` written as `%XX`
/// (reversible, so two keys never share a file). One file per key means each
/// write is a small atomic replace (temp file + rename) that touches no other
/// entry: an interrupted run loses at most the entry being written, and never
/// leaves a half-written one. The 256 shards keep folders small for tens of
/// thousands of keys. Each file repeats its key, which is checked on read
/// (very long keys are shortened and suffixed with the full hash).
///
/// Only `ok` entries (kept `positiveTTL`) and `not-found` entries (kept
/// `negativeTTL`) are stored; failures and skips never are. The API key is
/// never written: entries hold only what `Enrichment` holds.
struct EnrichCache: Sendable {
    let folder: URL
    let positiveTTL: TimeInterval
    let negativeTTL: TimeInterval
    let now: @Sendable () -> Date

    private struct Entry: Codable {
        var version: Int
        var key: String
        var storedAt: Date
        var enrichment: Enrichment
    }

    private static let version = 1

    init(folder: URL, options: EnrichOptions) {
        self.folder = folder
        positiveTTL = options.positiveTTL
        negativeTTL = options.negativeTTL
        now = options.now
    }

    /// The fresh entry for `key`; `nil` when missing, expired, unreadable or corrupt.
    func read(_ key: String) -> Enrichment? {
        guard let data = try? Data(contentsOf: fileURL(for: key)),
            let entry = try? Self.decoder.decode(Entry.self, from: data),
            entry.version == Self.version, entry.key == key
        else { return nil }
        let age = now().timeIntervalSince(entry.storedAt)
        switch entry.enrichment.status {
        case .ok where age < positiveTTL, .notFound where age < negativeTTL: return entry.enrichment
        default: return nil
        }
    }

    /// Stores `enrichment` for `key` when its status is cacheable; does nothing otherwise.
    /// - Throws: `EnrichError.cacheWriteFailed` naming the file.
    func write(_ enrichment: Enrichment, for key: String) throws(EnrichError) {
        guard enrichment.status == .ok || enrichment.status == .notFound else { return }
        let url = fileURL(for: key)
        let entry = Entry(version: Self.version, key: key, storedAt: now(), enrichment: enrichment)
        do {
            let data = try Self.encoder.encode(entry)
            try AtomicFile.createFolder(url.deletingLastPathComponent())
            try AtomicFile.write(data, to: url)
        } catch let error as ReportError {
            throw .cacheWriteFailed(path: url.path, reason: error.description)
        } catch {
            throw .cacheWriteFailed(path: url.path, reason: "cannot encode entry")
        }
    }

    /// Where the entry for `key` lives.
    func fileURL(for key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var name = ""
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            let scalar = Unicode.Scalar(byte)
            let plain = byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            if plain || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
                name.append(Character(scalar))
            } else {
                name += String(format: "%%%02X", byte)
            }
        }
        if name.hasPrefix(".") { name = "%2E" + name.dropFirst() }
        if name.utf8.count > 200 { name = String(name.prefix(180)) + "~" + String(hash, radix: 16) }
        let shard = String(format: "%02x", hash & 0xFF)
        return folder.appendingPathComponent(shard, isDirectory: true)
            .appendingPathComponent(name + ".json", isDirectory: false)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
