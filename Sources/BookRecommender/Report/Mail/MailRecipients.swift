/// Who of a run's readers gets mail: the members file against the readers
/// of the input (or of one shard), for the log and for `--dry-run`.
struct MailRecipients {
    /// Readers with an address, in UTF-8 order of ids.
    var mailed: [(reader: String, address: MailAddress)] = []
    /// Readers the members file has no address for (not in it, or without
    /// one): listed in the log, not an error.
    var withoutAddress: [String] = []
    /// Members of the file who are not among the readers: probably a typo.
    var unknown: [String] = []

    init(readers: [String], members: [String: MembersFile.Entry], allReaders: Set<String>) {
        for reader in readers.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if let address = members[reader]?.address {
                mailed.append((reader, address))
            } else {
                withoutAddress.append(reader)
            }
        }
        unknown = members.keys.filter { !allReaders.contains($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `names` joined for one log field: the first 50, then how many more.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(50).joined(separator: ", ")
        return names.count > 50 ? shown + " and \(names.count - 50) more" : shown
    }
}
