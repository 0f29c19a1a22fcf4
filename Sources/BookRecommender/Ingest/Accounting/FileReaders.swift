/// The readers the file being read named, each once: first those of its
/// ratings, then those of its interactions, each list in the order the file
/// first named them. `ReaderOrigins` checks them after each file; they are
/// noted as rows arrive, so the readers of rows an ingest does not keep (a
/// shard's, `Ingestor.shard`) are checked as well.
struct FileReaders {
    /// Readers of the file's ratings, by first rating.
    private(set) var rating: [Int32] = []
    /// Readers of the file's interactions, by first interaction.
    private(set) var interaction: [Int32] = []
    /// Per reader: the number of the last file whose ratings (interactions) named it, 0 for none.
    private var ratingFile: [Int32] = []
    private var interactionFile: [Int32] = []
    private var file: Int32 = 1

    /// Where the lists are, to `rollback(to:)`.
    struct Mark {
        let rating: Int
        let interaction: Int
    }

    var mark: Mark { Mark(rating: rating.count, interaction: interaction.count) }

    /// Empties the lists for the next file.
    mutating func startFile() {
        file += 1
        rating.removeAll(keepingCapacity: true)
        interaction.removeAll(keepingCapacity: true)
    }

    /// Notes a rating of `user`.
    @inline(__always)
    mutating func rating(by user: Int32) {
        Self.note(user, in: &rating, files: &ratingFile, file: file)
    }

    /// Notes an interaction of `user`.
    @inline(__always)
    mutating func interaction(by user: Int32) {
        Self.note(user, in: &interaction, files: &interactionFile, file: file)
    }

    /// Forgets the readers noted since `mark`, as if their rows had never come.
    mutating func rollback(to mark: Mark) {
        for user in rating[mark.rating...] { ratingFile[Int(user)] = 0 }
        for user in interaction[mark.interaction...] { interactionFile[Int(user)] = 0 }
        rating.removeSubrange(mark.rating...)
        interaction.removeSubrange(mark.interaction...)
    }

    @inline(__always)
    private static func note(_ user: Int32, in list: inout [Int32], files: inout [Int32], file: Int32) {
        let index = Int(user)
        if index >= files.count {
            files.append(contentsOf: repeatElement(0, count: max(index + 1, 2 * files.count) - files.count))
        }
        guard files[index] != file else { return }
        files[index] = file
        list.append(user)
    }
}
