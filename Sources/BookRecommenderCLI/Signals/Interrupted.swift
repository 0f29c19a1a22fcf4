/// The run stopped because of SIGINT or SIGTERM (exit 130 or 143).
struct Interrupted: Error, Sendable, Equatable, CustomStringConvertible {
    /// The signal number.
    var signal: Int32

    var description: String {
        "stopped by \(signal == 2 ? "SIGINT" : signal == 15 ? "SIGTERM" : "signal \(signal)"); "
            + "nothing of this run was kept, and 'latest' is unchanged"
    }
}
