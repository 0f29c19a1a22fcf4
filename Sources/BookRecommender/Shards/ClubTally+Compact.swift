extension ClubTally {
    /// Appends the tally to `writer`: its reader count, then the picked and
    /// the rated books in key order (so equal tallies give equal bytes).
    func write(to writer: inout CompactWriter) {
        writer.integer(readers)
        writer.integer(picked.count)
        for (key, book) in picked.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            writer.string(key)
            writer.integer(book.members)
            writer.string(book.firstUser)
            writer.flags(book.title != nil, book.googleTitle != nil, book.status != nil)
            for text in [book.title, book.googleTitle, book.status?.description] { if let text { writer.string(text) } }
            writer.integer(book.authors.count)
            for author in book.authors { writer.string(author) }
        }
        writer.integer(rated.count)
        for (key, book) in rated.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            writer.string(key)
            writer.signed(book.sum)
            writer.integer(book.count)
            writer.flags(book.title != nil)
            if let title = book.title { writer.string(title) }
        }
    }

    /// The tally `write(to:)` wrote.
    /// - Throws: `CompactDecoder.Failure` when the bytes end early or hold something else.
    init(reading reader: inout CompactDecoder) throws(CompactDecoder.Failure) {
        self.init()
        readers = try reader.integer()
        for _ in 0..<(try reader.integer()) {
            let key = try reader.string()
            let members = try reader.integer()
            let firstUser = try reader.string()
            let present = try reader.flags(3)
            let title = present[0] ? try reader.string() : nil
            let googleTitle = present[1] ? try reader.string() : nil
            var status: EnrichmentStatus?
            if present[2] {
                guard let known = EnrichmentStatus(text: try reader.string()) else {
                    throw CompactDecoder.Failure(reason: "an unknown lookup status")
                }
                status = known
            }
            var authors: [String] = []
            for _ in 0..<(try reader.integer()) { authors.append(try reader.string()) }
            picked[key] = Picked(
                members: members, firstUser: firstUser, title: title, googleTitle: googleTitle, authors: authors,
                status: status)
        }
        for _ in 0..<(try reader.integer()) {
            let key = try reader.string()
            let sum = try reader.signed()
            let count = try reader.integer()
            rated[key] = Rated(sum: sum, count: count, title: try reader.flags(1)[0] ? try reader.string() : nil)
        }
    }
}
