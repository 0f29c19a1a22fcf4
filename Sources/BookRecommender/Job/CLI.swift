/// The `bookrec` command line: parses arguments, runs a command, returns the exit code.
public enum CLI {
    public static let version = "0.1.0"

    /// Runs `bookrec` with `arguments` (program name first) and returns its exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        print("bookrec \(version)")
        return ExitStatus.ok.rawValue
    }
}
