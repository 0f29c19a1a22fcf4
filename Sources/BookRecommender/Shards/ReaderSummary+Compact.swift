extension ReaderSummary {
    /// Appends the summary to `writer`, every field in declaration order.
    func write(to writer: inout CompactWriter) {
        writer.string(user)
        writer.string(stem)
        writer.integer(picks)
        writer.flags(popular, mailed, since != nil)
        writer.integer(csvBytes)
        writer.integer(jsonlBytes)
        writer.integer(listBytes)
        writer.integer(top.count)
        for pick in top {
            writer.integer(pick.rank)
            writer.string(pick.title)
            writer.flags(pick.fallback, pick.new, pick.author != nil, pick.strength != nil)
            if let author = pick.author { writer.string(author) }
            if let strength = pick.strength { writer.string(strength) }
        }
        if let since {
            writer.integer(since.sentences.count)
            for sentence in since.sentences { writer.string(sentence) }
            writer.flags(since.newMember)
            for count in [since.newPicks, since.read, since.shelved, since.leftOtherwise] { writer.integer(count) }
        }
    }

    /// The summary `write(to:)` wrote at the reader's position.
    /// - Throws: `CompactDecoder.Failure` when the bytes end early or hold something else.
    init(reading reader: inout CompactDecoder) throws(CompactDecoder.Failure) {
        let user = try reader.string()
        let stem = try reader.string()
        let picks = try reader.integer()
        let flags = try reader.flags(3)
        let bytes = (
            try reader.integer(upTo: Int.max), try reader.integer(upTo: Int.max), try reader.integer(upTo: Int.max)
        )
        var top: [Top] = []
        for _ in 0..<(try reader.integer(upTo: picks)) {
            let rank = try reader.integer()
            let title = try reader.string()
            let pickFlags = try reader.flags(4)
            top.append(
                Top(
                    rank: rank, title: title, author: pickFlags[2] ? try reader.string() : nil,
                    fallback: pickFlags[0], new: pickFlags[1], strength: pickFlags[3] ? try reader.string() : nil))
        }
        var since: Since?
        if flags[2] {
            var sentences: [String] = []
            for _ in 0..<(try reader.integer()) { sentences.append(try reader.string()) }
            let newMember = try reader.flags(1)[0]
            since = Since(
                sentences: sentences, newMember: newMember, newPicks: try reader.integer(), read: try reader.integer(),
                shelved: try reader.integer(), leftOtherwise: try reader.integer())
        }
        self.init(
            user: user, stem: stem, picks: picks, popular: flags[0], top: top, bytes: bytes, since: since,
            mailed: flags[1])
    }
}
