/// A job file that cannot be used (exit 78). Every problem found is listed at
/// once, each with its JSON path, so one edit can fix them all.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One problem at one place in the job file.
    public struct Problem: Sendable, Equatable {
        /// `$.top`, `$.inputs[2]`, or `$` for the whole document.
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// The job file.
    public var file: String
    public var problems: [Problem]

    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    public var description: String {
        problems.map { "\(file): \($0.path): \($0.message)" }.joined(separator: "\n")
    }
}
