import Foundation

/// Whether a document holds an end tag of its root anywhere (`</name>` or
/// `</prefix:name>`, blanks allowed before `>`), in markup or not: part of
/// telling a document cut short (its root never closed, nothing after the
/// break) from one broken otherwise (see `XMLStream`). An end tag inside a
/// comment counts too: the hint is then left out.
///
/// Bytes are scanned as they are read, before the root's name is known, so
/// names are collected (by their local part, with the shortest whole name)
/// until `root` is set; from then on only the root's counts.
struct XMLEndTags {
    /// A name longer than the root's by this much was never looked at.
    private static let longerNamesSkipped = 65
    /// Names longer than this are not collected.
    private static let longestName = 4096

    private var root: [UInt8]?
    /// The root's length and first byte, to pass over other names at once.
    private var rootLength = -1
    private var rootFirstByte: UInt8 = 0
    private(set) var holdsRoot = false
    /// Local name → the shortest whole name it came in, until `root` is set.
    private var names: [[UInt8]: Int] = [:]
    /// The name after `</` read so far; nil outside an end tag's name.
    private var name: [UInt8]?
    private var sawLessThan = false
    private var afterName = false

    /// From now on only `localName`'s end tags count.
    mutating func setRoot(_ localName: [UInt8]) {
        guard root == nil else { return }
        holdsRoot = holdsRoot || names[localName].map { $0 <= localName.count + Self.longerNamesSkipped } ?? false
        root = localName
        (rootLength, rootFirstByte) = (localName.count, localName.first ?? 0)
        names = [:]
    }

    /// Adds what `other` found.
    mutating func merge(_ other: XMLEndTags) {
        holdsRoot = holdsRoot || other.holdsRoot
        for (local, length) in other.names { note(local, length: length) }
    }

    /// An end tag libxml2 parsed (every element has one, so the root's name
    /// is compared in place).
    mutating func add(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        guard rootLength < 0 || !holdsRoot && localName[0] == rootFirstByte else { return }
        let local = UnsafeBufferPointer(start: localName, count: strlen(localName))
        guard rootLength < 0 || local.count == rootLength else { return }
        let length = local.count + (prefix.map { strlen($0) + 1 } ?? 0)
        guard let root else { return note(Array(local), length: length) }
        if local.elementsEqual(root), length <= root.count + Self.longerNamesSkipped { holdsRoot = true }
    }

    /// Scans raw bytes, following on from those scanned before.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { take(byte) }
    }

    /// Scans the text of one comment, CDATA block or processing instruction.
    mutating func scanContent(_ bytes: UnsafeBufferPointer<UInt8>) {
        (name, sawLessThan, afterName) = (nil, false, false)
        scan(bytes)
        (name, sawLessThan, afterName) = (nil, false, false)
    }

    private mutating func take(_ byte: UInt8) {
        defer { sawLessThan = byte == UInt8(ascii: "<") }
        if sawLessThan, byte == UInt8(ascii: "/") {
            name = []
            afterName = false
            return
        }
        guard let count = name?.count else { return }
        switch byte {
        case UInt8(ascii: ">"):
            if let whole = name {
                let local = whole.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last
                note(Array(local ?? []), length: whole.count)
            }
            name = nil
        case 0x20, 0x09, 0x0D, 0x0A:
            afterName = count > 0
        case _ where afterName || count > Self.longestName:
            name = nil
        default:
            name?.append(byte)
        }
    }

    private mutating func note(_ local: [UInt8], length: Int) {
        if let root {
            if local == root, length <= root.count + Self.longerNamesSkipped { holdsRoot = true }
        } else if length <= Self.longestName {
            names[local] = min(names[local] ?? .max, length)
        }
    }
}
