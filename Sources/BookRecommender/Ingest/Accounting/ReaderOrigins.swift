/// Which kind of file first gave each reader: a per-person export (whose
/// reader is its member, named after the file or folder) or a file of many
/// readers (whose readers are its user ids). A member and a user id that
/// happen to be spelled alike are two people, so meeting one reader in both
/// kinds of file is an error, never a silent merge. Two many-reader files
/// sharing ids (one data set in parts) and one member's several exports are
/// each one person and pass.
struct ReaderOrigins {
    /// The files noted so far.
    private var paths: [String] = []
    /// Per user index: the index in `paths` of the file that first gave the
    /// reader, times 2, plus 1 for a per-person export; -1 before any.
    private var first: [Int32] = []

    /// Notes `readers`, those the file at `path` named (`userIDs`: every
    /// reader's id); call it once per file.
    /// - Throws: `IngestError.readerClash` when one of them came before from
    ///   a file of the other kind.
    mutating func note(
        _ readers: FileReaders, userIDs: [String], from path: String, perPerson: Bool
    ) throws(IngestError) {
        paths.append(path)
        let origin = Int32(paths.count - 1) * 2 + (perPerson ? 1 : 0)
        first.append(contentsOf: repeatElement(-1, count: userIDs.count - first.count))
        for user in readers.rating + readers.interaction {
            let earlier = first[Int(user)]
            if earlier < 0 {
                first[Int(user)] = origin
            } else if earlier & 1 != origin & 1 {
                let other = paths[Int(earlier / 2)]
                let (member, many) = perPerson ? (path, other) : (other, path)
                throw .readerClash(id: userIDs[Int(user)], memberFile: member, manyReaderFile: many)
            }
        }
    }
}
