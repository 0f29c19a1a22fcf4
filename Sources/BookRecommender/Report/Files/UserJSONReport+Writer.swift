extension UserJSONReport {
    /// Writes `user`'s document into `out`, newline included: the bytes
    /// `JSONValue.text` would print for it, written straight from the picks,
    /// keys in their sorted order, without building a `JSONValue` first.
    /// (`TextBuffer.append(compactJSONOf:)` gives its JSONL line.)
    static func write(_ user: UserPicks, to out: TextBuffer) {
        var writer = Writer(out: out)
        writer.open("{")
        writer.key("recommendations")
        writer.array(user.picks) { writer, pick in writer.pick(pick) }
        writer.key("schemaVersion")
        writer.out.append(integer: schemaVersion)
        if let changes = user.sinceLastDigest { writer.changes(changes, newPicks: user.picks.count { $0.new }) }
        writer.key("user")
        writer.out.append(json: user.user)
        writer.close("}")
        writer.out.append(byte: UInt8(ascii: "\n"))
    }

    /// Commas, line breaks and indentation as `JSONValue` prints them.
    private struct Writer {
        let out: TextBuffer
        /// Open objects and arrays.
        private var depth = 0
        /// Bit `d`: the object or array open at depth `d` has a member yet.
        private var started: UInt64 = 0

        init(out: TextBuffer) {
            self.out = out
        }

        mutating func open(_ bracket: StaticString) {
            out.append(bracket)
            depth += 1
            started &= ~(1 << depth)
        }

        mutating func close(_ bracket: StaticString) {
            let hadMembers = started & (1 << depth) != 0
            depth -= 1
            if hadMembers { out.append(newlineIndentedBy: 2 * depth) }
            out.append(bracket)
        }

        /// Starts the next member or element on its own line.
        mutating func next() {
            if started & (1 << depth) != 0 { out.append(byte: UInt8(ascii: ",")) }
            started |= 1 << depth
            out.append(newlineIndentedBy: 2 * depth)
        }

        mutating func key(_ name: StaticString) {
            next()
            out.append("\"")
            out.append(name)
            out.append("\": ")
        }

        mutating func array<T>(_ items: [T], _ element: (inout Writer, T) -> Void) {
            open("[")
            for item in items {
                next()
                element(&self, item)
            }
            close("]")
        }

        mutating func strings(_ items: [String]) {
            array(items) { writer, text in writer.out.append(json: text) }
        }

        mutating func fixed(_ value: Double) {
            if !out.append(decimal: value, places: 4) { out.append("null") }
        }

        /// `status.description` as a JSON string, without building it first.
        mutating func status(_ status: EnrichmentStatus) {
            switch status {
            case .ok: out.append("\"ok\"")
            case .notFound: out.append("\"not-found\"")
            case .failed(let reason): out.append(json: reason, after: "failed: ")
            case .skipped(let reason): out.append(json: reason, after: "skipped: ")
            }
        }

        /// `"name": "text"`, left out when `text` is nil.
        mutating func string(_ name: StaticString, _ text: String?) {
            guard let text else { return }
            key(name)
            out.append(json: text)
        }

        mutating func pick(_ pick: ReportPick) {
            let enrichment = pick.enrichment
            open("{")
            key("authors")
            strings(pick.authors)
            key("because")
            array(pick.because) { writer, book in writer.ratedBook(book) }
            if let enrichment {
                key("categories")
                strings(enrichment.categories)
                string("description", enrichment.description)
                key("enrichment")
                status(enrichment.status)
            }
            key("fallback")
            out.append(pick.fallback ? "true" : "false")
            string("isbn13", pick.isbn13)
            string("item", pick.item)
            key("new")
            out.append(pick.new ? "true" : "false")
            if let count = enrichment?.pageCount {
                key("pageCount")
                out.append(integer: count)
            }
            string("previewLink", enrichment?.previewLink.flatMap(HTMLEscape.safeURL))
            string("publishedDate", enrichment?.publishedDate)
            key("rank")
            out.append(integer: pick.rank)
            key("score")
            fixed(pick.score)
            string("thumbnail", enrichment?.thumbnail.flatMap(HTMLEscape.safeURL))
            string("title", pick.title)
            close("}")
        }

        mutating func changes(_ changes: ReaderChanges, newPicks: Int) {
            key("sinceLastDigest")
            open("{")
            key("comparison")
            out.append(json: changes.lastDigest.kind.rawValue)
            key("leftOtherwise")
            out.append(integer: changes.leftOtherwise)
            key("newMember")
            out.append(changes.newMember ? "true" : "false")
            key("newPicks")
            out.append(integer: newPicks)
            key("read")
            array(changes.read) { writer, book in writer.leftBook(book) }
            key("shelved")
            array(changes.shelved) { writer, book in writer.leftBook(book) }
            close("}")
        }

        mutating func leftBook(_ book: ReaderChanges.LeftBook) {
            open("{")
            string("item", book.item)
            string("title", book.title)
            close("}")
        }

        mutating func ratedBook(_ book: RatedBook) {
            open("{")
            string("interaction", book.kind?.name)
            string("item", book.item)
            if book.kind == nil {
                key("rating")
                fixed(book.rating)
            }
            string("title", book.title)
            close("}")
        }
    }
}
