/// Settings that cannot be used (`bookrec` exits 78, or 66/73). Every
/// problem found is listed at once, each with its JSON path (or flag), so one
/// edit can fix them all.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One problem at one place in the job file.
    public struct Problem: Sendable, Equatable {
        /// What sort of problem, for the exit status.
        public enum Kind: Sendable, Equatable {
            /// A wrong key, type or value.
            case invalid
            /// An input, catalog or book list that does not exist, or a glob matching nothing.
            case missingInput
            /// An output folder that cannot be created or written.
            case unwritableOutput
        }

        /// `$.top`, `$.inputs[2]`, `$` for the whole document, or `--out` for a flag.
        public var path: String
        /// What is wrong there.
        public var message: String
        /// What sort of problem it is.
        public var kind: Kind

        /// A problem at `path` (`$.top`, `--out`).
        public init(path: String, message: String, kind: Kind = .invalid) {
            self.path = path
            self.message = message
            self.kind = kind
        }
    }

    /// The job file, or `command line`.
    public var file: String
    /// Every problem found, in the order of the settings.
    public var problems: [Problem]

    /// The `problems` of `file`.
    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    /// One line per problem: `FILE: PATH: MESSAGE`.
    public var description: String {
        problems.map { "\(file): \($0.path): \($0.message)" }.joined(separator: "\n")
    }
}
